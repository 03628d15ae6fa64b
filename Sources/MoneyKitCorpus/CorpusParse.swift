import Foundation
import MoneyKit

/// What `fxparse parse` does to a table: parses the `input` column of every record and
/// writes the result into `amount`, `code` and `error` columns (added when absent). Every
/// record comes out, in order, whatever it holds: a record that cannot be parsed gets its
/// error kind (`invalidGrouping`, `unknownCurrency`, `missingLocale`) in `error`.
public struct CorpusParse {
    /// Why a table cannot be parsed at all.
    public enum Problem: Error, CustomStringConvertible {
        /// The header has no `input` column.
        case missingInputColumn
        /// The header has no `locale` column and no default locale was given.
        case missingLocale

        public var description: String {
            switch self {
            case .missingInputColumn: "the header has no \"input\" column"
            case .missingLocale: "no locale column; pass --locale"
            }
        }
    }

    /// The header of the result: the table's, with `amount`, `code` and `error` appended
    /// when it lacks them.
    public let header: [String]
    /// One result record per table record, in order.
    public let records: [[String]]

    /// Results built elsewhere (extra columns added to a parse), written by ``csv()``.
    ///
    /// - Parameters:
    ///   - header: The column names.
    ///   - records: One record per row, as long as the header.
    public init(header: [String], records: [[String]]) {
        self.header = header
        self.records = records
    }

    /// Parses every record of a table.
    ///
    /// - Parameters:
    ///   - table: The records; their `locale` and `currency` columns, when present and not
    ///     empty, override the defaults.
    ///   - locale: The locale for records without one.
    ///   - currency: The currency hint for records without one.
    ///   - options: Parsing options for every record.
    public init(table: CorpusTable, locale: String?, currency: String?, options: MoneyParser.Options) throws(Problem) {
        guard let inputColumn = table.column("input") else { throw .missingInputColumn }
        let localeColumn = table.column("locale")
        let currencyColumn = table.column("currency")
        if localeColumn == nil && locale == nil { throw .missingLocale }
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
        var parsers: [String: MoneyParser] = [:]
        var records: [[String]] = []
        records.reserveCapacity(table.records.count)
        for var record in table.records {
            while record.count < header.count { record.append("") }
            func value(_ column: Int?) -> String? {
                guard let column, !record[column].isEmpty else { return nil }
                return record[column]
            }
            let rowLocale = value(localeColumn) ?? locale
            let code = value(currencyColumn) ?? currency
            var amount = ""
            var currencyCode = ""
            var error = ""
            if let rowLocale {
                let hint = code.flatMap { Currency(code: $0) }
                if code != nil && hint == nil {
                    error = "unknownCurrency"
                } else {
                    let key = "\(rowLocale)|\(hint?.code ?? "")"
                    let parser = parsers[key] ?? MoneyParser(locale: Locale(identifier: rowLocale), currency: hint, options: options)
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
            records.append(record)
        }
        self.header = header
        self.records = records
    }

    /// The result as CSV (RFC 4180, the corpus format), ending with a line break.
    ///
    /// Written here rather than with CSV.swift's `CSVWriter`: that writer doubles quotes with
    /// `replacingOccurrences(of:with:)`, which compares whole characters, so a quote followed
    /// by a combining mark (`"\u{09E3}`) was written undoubled and the mark was lost on reading
    /// back (found by fuzzing the CSV input; reliability.csv rel-114). Here every quote scalar
    /// is doubled.
    public func csv() -> Data {
        var text = ""
        for row in [header] + records {
            for (index, field) in row.enumerated() {
                if index > 0 { text.unicodeScalars.append(",") }
                CorpusParse.append(field, to: &text)
            }
            text.unicodeScalars.append("\n")
        }
        return Data(text.utf8)
    }

    /// Appends one field, quoted when ``mustQuote(_:)`` says so, with each quote doubled.
    static func append(_ field: String, to text: inout String) {
        guard mustQuote(field) else {
            text += field
            return
        }
        text.unicodeScalars.append("\"")
        for scalar in field.unicodeScalars {
            text.unicodeScalars.append(scalar)
            if scalar == "\"" { text.unicodeScalars.append(scalar) }
        }
        text.unicodeScalars.append("\"")
    }

    /// Fields with leading or trailing spaces, quotes, commas or line breaks are quoted
    /// (RFC 4180 and the corpus format), checked scalar by scalar so that a quote followed by
    /// a combining mark is not missed.
    public static func mustQuote(_ field: String) -> Bool {
        if let first = field.unicodeScalars.first, first.properties.isWhitespace { return true }
        if let last = field.unicodeScalars.last, last.properties.isWhitespace { return true }
        return field.unicodeScalars.contains { $0 == "\"" || $0 == "," || $0 == "\r" || $0 == "\n" }
    }
}
