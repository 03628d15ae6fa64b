import Foundation
import MoneyKitCorpus
import TestSupport
import Testing

/// The docs' examples are corpus rows: every `[rules-NNN]` id cited in
/// Docs/ParsingRules.md must exist in TestData, so the page cannot drift from the tests.
@Suite struct DocsTests {
    static let rulesPage = TestData.directory.deletingLastPathComponent()
        .appendingPathComponent("Docs").appendingPathComponent("ParsingRules.md")

    @Test("Every row id cited in Docs/ParsingRules.md is a TestData row")
    func citedRowsExist() throws {
        let text = try String(contentsOf: Self.rulesPage, encoding: .utf8)
        let cited = Set(text.matches(of: /rules-\d{3}/).map { String($0.output) })
        let known = Set(TestData.cases.map(\.id))
        #expect(cited.count >= 90, "the page cites \(cited.count) rows")
        #expect(cited.subtracting(known).isEmpty, "cited but missing: \(cited.subtracting(known).sorted())")
    }

    @Test("Every rules.csv row is cited by the docs")
    func rowsAreCited() throws {
        let text = try String(contentsOf: Self.rulesPage, encoding: .utf8)
        let cited = Set(text.matches(of: /rules-\d{3}/).map { String($0.output) })
        let rows = Set(TestData.cases.map(\.id).filter { $0.hasPrefix("rules-") })
        #expect(rows.subtracting(cited).isEmpty, "rows not in the docs: \(rows.subtracting(cited).sorted())")
    }
}
