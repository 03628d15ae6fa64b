import Foundation
import MoneyKit

/// One row of a parse corpus, ready to run: the input, its context, and what must happen.
public struct CorpusCase: Sendable, CustomStringConvertible {
    /// What an error row says of the error's offset.
    public enum OffsetExpectation: Sendable, Equatable, CustomStringConvertible {
        /// The error points at this UTF-8 offset.
        case at(Int)
        /// The error carries no offset (`none`: the text is empty, names no currency...).
        case none

        public var description: String {
            switch self {
            case .at(let offset): "at \(offset)"
            case .none: "with no offset"
            }
        }

        /// Reads the `offset` column; nil when it is empty or not an offset.
        init?(_ text: String) {
            if text == "none" {
                self = .none
            } else if let offset = Int(text) {
                self = .at(offset)
            } else {
                return nil
            }
        }

        /// Whether an error's offset is what the row says.
        func matches(_ offset: Int?) -> Bool {
            switch self {
            case .at(let expected): offset == expected
            case .none: offset == nil
            }
        }
    }

    /// What the row expects.
    public enum Expectation: Sendable, Equatable {
        /// Success with this exact amount (plain decimal text) and ISO code.
        case amount(String, code: String)
        /// Failure; when a kind name is given, that kind; when an offset is given, that
        /// UTF-8 offset (from the optional `offset` column: a number, or `none` for an error
        /// that must carry no offset).
        case error(kind: String?, offset: OffsetExpectation?)
    }

    /// The table the row came from.
    public let source: String
    /// 1-based position among the table's records.
    public let row: Int
    /// The row's `id`, or `row N` when it has none.
    public let id: String
    public let input: String
    public let locale: String?
    /// The `currency` hint code, nil when empty.
    public let currency: String?
    /// nil when the row has no usable `expect` (a defect reported by ``run()``).
    public let expectation: Expectation?
    public let category: String?
    /// Parse options from the optional `options` column (nil when empty or invalid).
    public let options: MoneyParser.Options?
    /// The `options` text when it could not be read.
    public let invalidOptions: String?

    public var description: String { "\(id) \(String(reflecting: input)) [\(locale ?? "?")]" }

    /// The rows of a table as cases. Rows whose fields are all empty (blank lines) are
    /// skipped; `defaultLocale` and `defaultCurrency` fill empty `locale` and `currency`.
    ///
    /// - Throws: ``CorpusError/missingColumn(path:column:)`` without an `input` column.
    public static func cases(
        in table: CorpusTable, defaultLocale: String? = nil, defaultCurrency: String? = nil
    ) throws(CorpusError) -> [CorpusCase] {
        guard let inputColumn = table.column("input") else {
            throw .missingColumn(path: table.name, column: "input")
        }
        func field(_ record: [String], _ name: String) -> String? {
            guard let position = table.column(name), position < record.count else { return nil }
            let value = record[position]
            return value.isEmpty ? nil : value
        }
        var cases: [CorpusCase] = []
        for (position, record) in table.records.enumerated() where record.contains(where: { !$0.isEmpty }) {
            var expectation: Expectation?
            switch field(record, "expect") {
            case "ok":
                if let amount = field(record, "amount"), let code = field(record, "code") {
                    expectation = .amount(amount, code: code)
                }
            case "error":
                expectation = .error(kind: field(record, "error"), offset: field(record, "offset").flatMap(OffsetExpectation.init))
            default:
                expectation = nil
            }
            let optionsText = field(record, "options")
            let options = optionsText.flatMap { MoneyParser.Options($0) }
            cases.append(CorpusCase(
                source: table.name,
                row: position + 1,
                id: field(record, "id") ?? "row \(position + 1)",
                input: record[inputColumn],
                locale: field(record, "locale") ?? defaultLocale,
                currency: field(record, "currency") ?? defaultCurrency,
                expectation: expectation,
                category: field(record, "category"),
                options: options,
                invalidOptions: options == nil ? optionsText : nil
            ))
        }
        return cases
    }

    /// The outcome of running a case.
    public struct Outcome: Sendable {
        public let passed: Bool
        /// What was expected, in words (`1234.5 EUR`, `error invalidGrouping`).
        public let expected: String
        /// What happened (`1234 EUR`, `error ambiguousCurrency`).
        public let got: String
        /// The parse error, when parsing failed.
        public let error: MoneyParseError?
    }


    /// Parses the input with the row's options (or `defaults` when it has none) and
    /// compares with the expectation.
    public func run(defaults: MoneyParser.Options = .init()) -> Outcome {
        if let invalidOptions {
            return Outcome(passed: false, expected: "valid options", got: "unknown options \"\(invalidOptions)\"", error: nil)
        }
        let options = self.options ?? defaults
        guard let expectation else {
            return Outcome(passed: false, expected: "a valid expect column (ok with amount and code, or error)",
                           got: "nothing run", error: nil)
        }
        let expectedText: String
        switch expectation {
        case .amount(let amount, let code): expectedText = "\(amount) \(code)"
        case .error(let kind, let offset):
            expectedText = "error" + (kind.map { " \($0)" } ?? "") + (offset.map { " \($0)" } ?? "")
        }
        guard let locale else {
            return Outcome(passed: false, expected: expectedText, got: "no locale (column empty, no --locale)", error: nil)
        }
        var hint: Currency?
        if let currency {
            guard let known = (try? Currency(code: currency)) else {
                return Outcome(passed: false, expected: expectedText, got: "unknown hint currency \(currency)", error: nil)
            }
            hint = known
        }
        let parser = MoneyParser(locale: Locale(identifier: locale), currency: hint, options: options)
        do {
            let money = try parser.parse(input)
            let got = "\(money.amount.plainText) \(money.currency.code)"
            guard case .amount(let amount, let code) = expectation else {
                return Outcome(passed: false, expected: expectedText, got: got, error: nil)
            }
            guard let expectedAmount = Decimal(plainText: amount) else {
                return Outcome(passed: false, expected: expectedText, got: "\(got) (expected amount is not a plain decimal)",
                               error: nil)
            }
            let passed = money.amount == expectedAmount && money.currency.code == code.uppercased()
            return Outcome(passed: passed, expected: expectedText, got: got, error: nil)
        } catch {
            var got = "error \(error.kind.name)" + (error.offset.map { " at \($0)" } ?? "")
            // Every error points at the start of a character (or the end): never inside one.
            let onBoundary = error.offset.map { Self.startsCharacter(input, atUTF8Offset: $0) } ?? true
            if !onBoundary { got += " (inside a character)" }
            guard case .error(let kind, let offset) = expectation else {
                return Outcome(passed: false, expected: expectedText, got: got, error: error)
            }
            let passed = onBoundary && (kind == nil || kind == error.kind.name) && (offset?.matches(error.offset) ?? true)
            return Outcome(passed: passed, expected: expectedText, got: got, error: error)
        }
    }

    /// Whether a UTF-8 offset is the start of a scalar of `text`, or its end (where an error's
    /// offset may point); false outside the text.
    public static func startsCharacter(_ text: String, atUTF8Offset offset: Int) -> Bool {
        let utf8 = text.utf8
        guard offset >= 0, offset <= utf8.count else { return false }
        guard offset < utf8.count else { return true }
        return utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80
    }
}
