import ArgumentParser
import Foundation
import MoneyKit
import MoneyKitCorpus

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run corpora: print each failing row and end with `N passed, N failed`.",
        discussion: "Exit status: 0 every row passed, 1 a row failed, 2 a corpus is unusable (missing, malformed, no expect column).")

    @Argument(help: "Corpus CSV files.")
    var files: [String]

    @OptionGroup var context: Context

    @Flag(name: .long, help: "Parse rows without an options column value in strict mode.")
    var strict = false

    @Flag(name: .long, help: "Print pass rates per category and per locale.")
    var summary = false

    @Option(name: .long, help: "Write a JUnit XML report (a test case per row) to this file.")
    var junit: String?

    func run() throws {
        var cases: [CorpusCase] = []
        for file in files {
            let table = try loadTable(file)
            guard table.column("expect") != nil else {
                complain("fxparse: \(file): the header has no \"expect\" column, so there is nothing to check")
                throw ExitCode(2)
            }
            do {
                cases += try CorpusCase.cases(in: table, defaultLocale: context.locale, defaultCurrency: context.currency)
            } catch {
                complain("fxparse: \(error)")
                throw ExitCode(2)
            }
        }
        let options = MoneyParser.Options(mode: strict ? .strict : .lenient)
        var results: [CorpusReport.Result] = []
        results.reserveCapacity(cases.count)
        for corpusCase in cases {
            let outcome = corpusCase.run(defaults: options)
            results.append(.init(corpusCase: corpusCase, outcome: outcome))
            if outcome.passed { continue }
            print("FAIL \(corpusCase.source):\(corpusCase.row) \(corpusCase.id): \(String(reflecting: corpusCase.input))"
                  + " [\(corpusCase.locale ?? "-")\(corpusCase.currency.map { ", hint \($0)" } ?? "")]")
            print("    expected \(outcome.expected), got \(outcome.got)")
            if let error = outcome.error {
                print("    \(error)")
                if let caret = ErrorDisplay.caret(under: error, in: corpusCase.input) { print(caret) }
            }
        }
        let report = CorpusReport(results: results)
        if summary { print(report.summary(), terminator: "") }
        if let junit {
            guard FileManager.default.createFile(atPath: junit, contents: Data(report.junitXML().utf8)) else {
                complain("fxparse: cannot write \(junit)")
                throw ExitCode(2)
            }
        }
        let failed = results.filter { !$0.outcome.passed }.count
        print("\(results.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
