// Reading benchmark rows from corpora in the TestData CSV format (see TestData/README.md).
import Foundation
import MoneyKit
import MoneyKitCorpus

/// One corpus row: an input, where and how to read it, and what it should give.
struct Row {
    let input: String
    /// The input in UTF-16, for ICU's C API (converted once, outside the timed loops).
    let utf16: [UInt16]
    let locale: Locale
    let localeID: String
    let hint: Currency?
    let options: MoneyParser.Options
    /// The corpus file's name (`cjk.csv`), for per-corpus accuracy.
    let corpus: String
    /// The expected money, or nil when the row is a garbage row that must be rejected.
    let expected: Money?

    /// The currency a peer is told to expect: the expected one, else the hint, else none.
    var peerCurrency: Currency? { expected?.currency ?? hint }
}

/// The rows of corpus files that have a locale: `expect=ok` rows with their money, and
/// `expect=error` rows (which every engine should reject). Files are read as fxparse and
/// the tests read them (MoneyKitCorpus).
func loadRows(_ paths: [String]) -> [Row] {
    var rows: [Row] = []
    for path in paths {
        let cases: [CorpusCase]
        do {
            cases = try CorpusCase.cases(in: CorpusTable(contentsOf: path))
        } catch {
            FileHandle.standardError.write(Data("parsebench: \(error)\n".utf8))
            exit(2)
        }
        let corpus = URL(fileURLWithPath: path).lastPathComponent
        for row in cases where row.invalidOptions == nil {
            guard let locale = row.locale, let expectation = row.expectation else { continue }
            let expected: Money?
            switch expectation {
            case .amount(let amount, let code):
                guard let value = Decimal(plainText: amount), let currency = (try? Currency(code: code)) else { continue }
                expected = Money(value, currency)
            case .error:
                expected = nil
            }
            rows.append(Row(input: row.input, utf16: Array(row.input.utf16), locale: Locale(identifier: locale),
                            localeID: locale, hint: row.currency.flatMap { (try? Currency(code: $0)) },
                            options: row.options ?? .init(), corpus: corpus, expected: expected))
        }
    }
    return rows
}
