import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// Every row of every TestData corpus is a test case.
@Suite struct CorpusTests {
    @Test("TestData corpora are present and large enough")
    func corporaArePresent() {
        #expect(TestData.corpusFiles.count >= 3)
        #expect(TestData.cases.count >= 1500, "hand-checked rows: \(TestData.cases.count)")
        let locales = Set(TestData.cases.compactMap(\.locale))
        #expect(locales.count >= 40, "locales: \(locales.count)")
        let garbage = TestData.cases.filter { if case .error = $0.expectation { true } else { false } }
        #expect(garbage.count >= 300, "error rows: \(garbage.count)")
    }

    @Test("Corpus row", arguments: TestData.cases)
    func row(_ row: CorpusCase) {
        let outcome = row.run()
        #expect(outcome.passed, """
            \(row.id) in \(row.source): input \(String(reflecting: row.input)), locale \(row.locale ?? "-"), \
            hint \(row.currency ?? "-"): expected \(outcome.expected), got \(outcome.got)\
            \(outcome.error.map { " (\($0))" } ?? "")
            """)
    }
}
