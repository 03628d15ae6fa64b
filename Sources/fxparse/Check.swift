import ArgumentParser
import Foundation
import MoneyKit
import MoneyKitCorpus

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run corpora: print each failing row and end with `N passed, N failed`.",
        discussion: """
            --format csv or jsonl writes a record per row, passed or not (columns source, row, \
            id, input, locale, currency, passed, expected, got, error, error_offset, \
            error_message), and the `N passed, N failed` line goes to standard error. Exit \
            status: 0 every row passed, 1 a row failed, 2 a corpus is unusable (missing, \
            malformed, no expect column).
            """)

    /// How the results are written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// Failing rows with a caret under the error, for people.
        case text
        case csv
        case jsonl
    }

    @Argument(help: "Corpus CSV files.")
    var files: [String]

    @OptionGroup var context: Context

    @Flag(name: .long, help: "Parse rows without an options column value in strict mode.")
    var strict = false

    @Flag(name: .long, help: "Print pass rates per category and per locale.")
    var summary = false

    @Option(name: .long, help: "Write a JUnit XML report (a test case per row) to this file.")
    var junit: String?

    @Option(name: .long, help: "Output: text (the failing rows, for people), csv or jsonl (every row).")
    var format: Format = .text

    /// The columns of a csv or jsonl record.
    static let columns = ["source", "row", "id", "input", "locale", "currency", "passed", "expected", "got",
                          "error", "error_offset", "error_message"]

    /// A row's result as a csv or jsonl record.
    static func record(_ corpusCase: CorpusCase, _ outcome: CorpusCase.Outcome, format: Format) -> [UInt8] {
        // In JSON, the row is a number, passed a boolean, and what is absent is null.
        let values: [JSONLines.Value] = [
            .string(corpusCase.source), .integer(corpusCase.row), .string(corpusCase.id), .string(corpusCase.input),
            corpusCase.locale.map(JSONLines.Value.string) ?? .null, corpusCase.currency.map(JSONLines.Value.string) ?? .null,
            .bool(outcome.passed), .string(outcome.expected), .string(outcome.got),
            outcome.error.map { .string($0.kind.name) } ?? .null, outcome.error?.offset.map(JSONLines.Value.integer) ?? .null,
            outcome.error.map { .string($0.description) } ?? .null,
        ]
        var bytes: [UInt8] = []
        switch format {
        case .jsonl: JSONLines.appendObject(keys: columns, values: values, to: &bytes)
        case .csv, .text:
            let fields = values.map { value -> String in
                switch value {
                case .string(let text): text
                case .integer(let number): String(number)
                case .bool(let flag): flag ? "true" : "false"
                case .null: ""
                }
            }
            CSVEncoding.appendRecord(fields, to: &bytes)
        }
        return bytes
    }

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
        // Records are written 64 KiB at a time.
        var pending: [UInt8] = []
        if format == .csv { CSVEncoding.appendRecord(Self.columns, to: &pending) }
        for corpusCase in cases {
            let outcome = corpusCase.run(defaults: options)
            results.append(.init(corpusCase: corpusCase, outcome: outcome))
            if format != .text {
                pending += Self.record(corpusCase, outcome, format: format)
                if pending.count >= 1 << 16 {
                    FileHandle.standardOutput.write(Data(pending))
                    pending.removeAll(keepingCapacity: true)
                }
                continue
            }
            if outcome.passed { continue }
            print("FAIL \(corpusCase.source):\(corpusCase.row) \(corpusCase.id): \(String(reflecting: corpusCase.input))"
                  + " [\(corpusCase.locale ?? "-")\(corpusCase.currency.map { ", hint \($0)" } ?? "")]")
            print("    expected \(outcome.expected), got \(outcome.got)")
            if let error = outcome.error {
                print("    \(error)")
                if let caret = ErrorDisplay.caret(under: error, in: corpusCase.input) { print(caret) }
            }
        }
        if !pending.isEmpty { FileHandle.standardOutput.write(Data(pending)) }
        let report = CorpusReport(results: results)
        if summary {
            if format == .text { print(report.summary(), terminator: "") } else { complain(report.summary()) }
        }
        if let junit {
            guard FileManager.default.createFile(atPath: junit, contents: Data(report.junitXML().utf8)) else {
                complain("fxparse: cannot write \(junit)")
                throw ExitCode(2)
            }
        }
        let failed = results.filter { !$0.outcome.passed }.count
        let counts = "\(results.count - failed) passed, \(failed) failed"
        if format == .text { print(counts) } else { complain(counts) }
        if failed > 0 { throw ExitCode(1) }
    }
}
