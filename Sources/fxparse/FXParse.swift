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
            Corpora are UTF-8 CSV files with a header row and an `input` column (the amount as \
            typed); optional columns: `locale` and `currency` per row, and for check the \
            expectation: `expect` (ok or error), `amount`, `code`, `error`, `offset`. Exit \
            status: 0 success; 1 a row failed (check); 2 unusable input (missing file, no input \
            column, malformed CSV for check, a read or write error); 3 malformed rows were left \
            out (parse --on-bad-row skip-with-report); 4 stopped at a malformed row (parse \
            --on-bad-row stop); 64 a command-line usage error. The tables MoneyKit derives \
            from ICU's data are kept in moneykit/tables in the user's cache directory \
            ($XDG_CACHE_HOME or ~/.cache) and read back by the next run; MONEYKIT_TABLE_CACHE \
            names another directory, or turns the cache off when set empty.
            """,
        version: FXParse.version,
        subcommands: [Check.self, Parse.self, Extract.self, Edit.self]
    )

    /// Runs the command line, with MoneyKit's table cache on disk in the user's cache
    /// directory (`DerivedTableCache.userCacheDirectory`) unless `MONEYKIT_TABLE_CACHE` is
    /// set: a command-line tool starts often, and reading a language's derived tables back
    /// costs a fraction of deriving them (BENCHMARKS.md, "A table cache on disk"). Setting
    /// `MONEYKIT_TABLE_CACHE` to a directory moves the cache there; setting it empty turns it
    /// off.
    static func main() {
        if ProcessInfo.processInfo.environment["MONEYKIT_TABLE_CACHE"] == nil {
            DerivedTableCache.directory = DerivedTableCache.userCacheDirectory
        }
        main(nil)
    }
}

extension FXParse {
    /// The release, as CHANGELOG.md's newest entry names it (a test checks that they agree).
    static let version = "3.4.0"
}

/// Options shared by the subcommands.
struct Context: ParsableArguments {
    @Option(name: .long, help: "Locale for rows without a locale column value (e.g. de_CH).")
    var locale: String?

    @Option(name: .long, help: "Currency hint (ISO 4217) for rows without a currency column value.")
    var currency: String?

    func validate() throws {
        if let currency, (try? Currency(code: currency)) == nil {
            throw ValidationError("--currency \(currency) is not an ISO 4217 code ICU knows")
        }
        if let locale { try validateLocale(locale) }
    }
}

/// Rejects a `--locale` ICU does not know, with the library's sentence (exit 64, usage).
func validateLocale(_ identifier: String) throws {
    do {
        try MoneyParser.validate(Locale(identifier: identifier))
    } catch {
        throw ValidationError("--locale: \(error)")
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
