import ArgumentParser
import CSV
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
        subcommands: [Check.self, Parse.self]
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

struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse the input column of every row; write the rows back with amount, code and error.",
        discussion: """
            Every row comes out, in order. `amount` is plain decimal text (-1234.5), `code` the
            ISO 4217 code, `error` empty on success and the error kind otherwise.
            """)

    @Argument(help: "The CSV file to read, or - for standard input.")
    var file: String = "-"

    @OptionGroup var context: Context

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(name: .long, help: "Parse in strict mode.")
    var strict = false

    func run() throws {
        let table = try loadTable(file)
        guard let inputColumn = table.column("input") else {
            complain("fxparse: \(file): the header has no \"input\" column")
            throw ExitCode(2)
        }
        let localeColumn = table.column("locale")
        let currencyColumn = table.column("currency")
        if localeColumn == nil && context.locale == nil {
            complain("fxparse: \(file): no locale column; pass --locale")
            throw ExitCode(2)
        }
        var header = table.header
        var added: [String: Int] = [:]
        for column in ["amount", "code", "error"] {
            if let existing = header.firstIndex(of: column) {
                added[column] = existing
            } else {
                added[column] = header.count
                header.append(column)
            }
        }
        let options = MoneyParser.Options(mode: strict ? .strict : .lenient)
        var parsers: [String: MoneyParser] = [:]

        let stream: OutputStream
        if let output {
            guard let file = OutputStream(toFileAtPath: output, append: false) else {
                complain("fxparse: cannot write \(output)")
                throw ExitCode(2)
            }
            stream = file
        } else {
            stream = OutputStream(toMemory: ())
        }
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: header, quotedAtIndex: { mustQuote(header[$0]) })
        for var record in table.records {
            while record.count < header.count { record.append("") }
            func value(_ column: Int?) -> String? {
                guard let column, !record[column].isEmpty else { return nil }
                return record[column]
            }
            let locale = value(localeColumn) ?? context.locale
            let code = value(currencyColumn) ?? context.currency
            var amount = ""
            var currencyCode = ""
            var error = ""
            if let locale {
                let hint = code.flatMap { Currency(code: $0) }
                if code != nil && hint == nil {
                    error = "unknownCurrency"
                } else {
                    let key = "\(locale)|\(hint?.code ?? "")"
                    let parser = parsers[key] ?? MoneyParser(locale: Locale(identifier: locale), currency: hint, options: options)
                    parsers[key] = parser
                    do {
                        let money = try parser.parse(record[inputColumn])
                        amount = money.amount.plainText
                        currencyCode = money.currency.code
                    } catch let parseError {
                        error = parseError.kind.name
                    }
                }
            } else {
                error = "missingLocale"
            }
            record[added["amount"]!] = amount
            record[added["code"]!] = currencyCode
            record[added["error"]!] = error
            try writer.write(row: record, quotedAtIndex: { mustQuote(record[$0]) })
        }
        _ = writer.stream.write([UInt8(ascii: "\n")], maxLength: 1)
        writer.stream.close()
        if output == nil, let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data {
            FileHandle.standardOutput.write(data)
        }
    }
}

/// Fields with leading or trailing spaces, quotes, commas or line breaks are quoted
/// (RFC 4180 and the corpus format), checked scalar by scalar so that a quote followed by
/// a combining mark is not missed.
func mustQuote(_ field: String) -> Bool {
    if let first = field.unicodeScalars.first, first.properties.isWhitespace { return true }
    if let last = field.unicodeScalars.last, last.properties.isWhitespace { return true }
    return field.unicodeScalars.contains { $0 == "\"" || $0 == "," || $0 == "\r" || $0 == "\n" }
}
