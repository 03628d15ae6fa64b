// Reading benchmark rows from corpora in the TestData CSV format (see TestData/README.md).
import Foundation
import MoneyKit

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

/// Splits RFC 4180 CSV text into records. (The few lines RFC 4180 needs: parsebench has no
/// third-party dependency.)
func csvRecords(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = scalars.next()
    if pending == "\u{FEFF}" { pending = scalars.next() }
    while let scalar = pending {
        pending = scalars.next()
        if quoted {
            if scalar == "\"" {
                if pending == "\"" {
                    field.unicodeScalars.append("\"")
                    pending = scalars.next()
                } else {
                    quoted = false
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
            continue
        }
        switch scalar {
        case "\"": quoted = true
        case ",":
            record.append(field)
            field = ""
        case "\r" where pending == "\n":
            continue
        case "\n", "\r":
            record.append(field)
            records.append(record)
            record = []
            field = ""
        default:
            field.unicodeScalars.append(scalar)
        }
    }
    if !field.isEmpty || !record.isEmpty {
        record.append(field)
        records.append(record)
    }
    return records
}

/// The rows of corpus files that have a locale: `expect=ok` rows with their money, and
/// `expect=error` rows (which every engine should reject).
func loadRows(_ paths: [String]) -> [Row] {
    var rows: [Row] = []
    for path in paths {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            FileHandle.standardError.write(Data("parsebench: cannot read \(path)\n".utf8))
            exit(2)
        }
        let records = csvRecords(text)
        guard let header = records.first else { continue }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let input = column("input"), let expect = column("expect"), let locale = column("locale") else { continue }
        let amount = column("amount"), code = column("code"), hint = column("currency"), optionsColumn = column("options")
        let corpus = URL(fileURLWithPath: path).lastPathComponent
        for record in records.dropFirst() where record.count == header.count && !record[locale].isEmpty {
            guard let rowOptions = MoneyParser.Options(optionsColumn.map { record[$0] } ?? "") else { continue }
            let hintCode = hint.map { record[$0] } ?? ""
            let expected: Money?
            switch record[expect] {
            case "ok":
                guard let amount, let code, let value = Decimal(plainText: record[amount]),
                      let currency = Currency(code: record[code]) else { continue }
                expected = Money(value, currency)
            case "error":
                expected = nil
            default:
                continue
            }
            rows.append(Row(input: record[input], utf16: Array(record[input].utf16), locale: Locale(identifier: record[locale]),
                            localeID: record[locale], hint: hintCode.isEmpty ? nil : Currency(code: hintCode),
                            options: rowOptions, corpus: corpus, expected: expected))
        }
    }
    return rows
}
