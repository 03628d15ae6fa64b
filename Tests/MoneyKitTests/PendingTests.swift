import Foundation
import MoneyKitCorpus
import Testing

/// TestData/pending holds acceptance rows for features not built yet (CJK numerals and
/// compact multipliers, SPEC 6-7). They must still fail: a row that starts passing belongs
/// in a top-level corpus, and this test says so.
@Suite struct PendingTests {
    static let cases: [CorpusCase] = {
        let directory = TestData.directory.appendingPathComponent("pending")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted().flatMap { name -> [CorpusCase] in
            guard let table = try? CorpusTable(contentsOf: directory.appendingPathComponent(name).path) else { return [] }
            return (try? CorpusCase.cases(in: table)) ?? []
        }
    }()

    @Test("Pending row still fails", arguments: cases)
    func stillFails(_ row: CorpusCase) {
        let outcome = row.run()
        #expect(!outcome.passed, "\(row.id) now passes (\(outcome.got)): move it out of TestData/pending")
    }
}
