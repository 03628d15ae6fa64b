import ArgumentParser
import Foundation
import MoneyKit
import MoneyKitCorpus

@main
struct FXParse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fxparse",
        abstract: "Parse, check and convert CSV corpora of typed money amounts.",
        discussion: """
            Corpora are UTF-8 CSV files with a header row and an `input` column; see
            TestData/README.md for the columns. Exit status: 0 success, 1 a row failed (check),
            2 unusable input (missing file, no input column, malformed CSV).
            """,
        subcommands: [Check.self, Parse.self, Edit.self]
    )
}

/// Options shared by the subcommands.
struct Context: ParsableArguments {
    @Option(name: .long, help: "Locale for rows without a locale column value (e.g. de_CH).")
    var locale: String?

    @Option(name: .long, help: "Currency hint (ISO 4217) for rows without a currency column value.")
    var currency: String?

    func validate() throws {
        if let currency, Currency(code: currency) == nil {
            throw ValidationError("--currency \(currency) is not an ISO 4217 code ICU knows")
        }
    }
}

/// Prints a message to standard error.
func complain(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Loads a table or exits with status 2 and a clear message.
func loadTable(_ path: String) throws -> CorpusTable {
    do {
        let table = try CorpusTable(contentsOf: path)
        if table.hadInvalidUTF8 {
            complain("\(path): warning: invalid UTF-8 replaced by U+FFFD; affected rows fail to parse")
        }
        return table
    } catch {
        complain("fxparse: \(error)")
        throw ExitCode(2)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run corpora: print each failing row and end with `N passed, N failed`.")

    @Argument(help: "Corpus CSV files.")
    var files: [String]

    @OptionGroup var context: Context

    @Flag(name: .long, help: "Parse rows without an options column value in strict mode.")
    var strict = false

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
        var passed = 0
        var failed = 0
        let options = MoneyParser.Options(mode: strict ? .strict : .lenient)
        for corpusCase in cases {
            let outcome = corpusCase.run(defaults: options)
            if outcome.passed {
                passed += 1
                continue
            }
            failed += 1
            print("FAIL \(corpusCase.source):\(corpusCase.row) \(corpusCase.id): \(String(reflecting: corpusCase.input))"
                  + " [\(corpusCase.locale ?? "-")\(corpusCase.currency.map { ", hint \($0)" } ?? "")]")
            print("    expected \(outcome.expected), got \(outcome.got)")
            if let error = outcome.error {
                print("    \(error)")
                if let caret = ErrorDisplay.caret(under: error, in: corpusCase.input) { print(caret) }
            }
        }
        print("\(passed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
