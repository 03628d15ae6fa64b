import Foundation
import MoneyKitCorpus

/// The repository's TestData directory and the corpora in it, for every test target.
public enum TestData {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestData")

    /// Every `*.csv` parse corpus in TestData (those with an `expect` column), sorted by name.
    public static let corpusFiles: [URL] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted().map { directory.appendingPathComponent($0) }
    }()

    /// Every row of every corpus, in file order.
    public static let cases: [CorpusCase] = corpusFiles.flatMap { url -> [CorpusCase] in
        guard let table = try? CorpusTable(contentsOf: url.path), table.column("expect") != nil else { return [] }
        return (try? CorpusCase.cases(in: table)) ?? []
    }
}
