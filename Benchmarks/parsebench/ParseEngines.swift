// The parsers under test. Each prepares, before timing, what a caller would prepare once
// per field (a parser, a format style, a formatter), keyed by locale and currency.
import CMoneyKitICU
import Foundation
import MoneyKit

/// A parser under test.
protocol ParseEngine {
    /// Name in tables and charts.
    var name: String { get }
    /// Short key for JSON.
    var key: String { get }
    /// Parses row `index` for the timed loops; returns a value that depends on the result
    /// (so the work cannot be optimized away): 1 for a successful parse, 0 for a failure.
    mutating func time(_ index: Int) -> Int
    /// Parses row `index` and returns the money read, nil when the engine rejects the text.
    mutating func money(_ index: Int) -> Money?
}

extension ParseEngine {
    mutating func time(_ index: Int) -> Int { money(index) == nil ? 0 : 1 }
}

/// One value per distinct key, built once: what callers keep per field.
func prepared<Item, Key: Hashable, Value>(_ items: [Item], key: (Item) -> Key, make: (Item) -> Value) -> [Value] {
    var cache: [Key: Value] = [:]
    return items.map { item in
        let key = key(item)
        if let value = cache[key] { return value }
        let value = make(item)
        cache[key] = value
        return value
    }
}

/// MoneyKit with a `MoneyParser` prepared per locale, hint and options.
struct PreparedMoneyKit: ParseEngine {
    let name = "MoneyKit (prepared parser)"
    let key = "moneykit-prepared"
    let rows: [Row]
    let parsers: [MoneyParser]

    init(rows: [Row]) {
        self.rows = rows
        parsers = prepared(rows, key: { "\($0.localeID)|\($0.hint?.code ?? "")|\($0.options)" }) {
            MoneyParser(locale: $0.locale, currency: $0.hint, options: $0.options)
        }
    }

    mutating func money(_ index: Int) -> Money? { try? parsers[index].parse(rows[index].input) }

    func time(_ index: Int) -> Int {
        (try? parsers[index].parse(rows[index].input)) == nil ? 0 : 1
    }
}

/// MoneyKit's static API: the locale's data looked up on every call.
struct StaticMoneyKit: ParseEngine {
    let name = "MoneyKit (static parse)"
    let key = "moneykit-static"
    let rows: [Row]

    mutating func money(_ index: Int) -> Money? {
        let row = rows[index]
        return try? MoneyParser.parse(row.input, locale: row.locale, currency: row.hint, options: row.options)
    }
}

/// Foundation's `Decimal.FormatStyle.Currency` parse strategy. It cannot find the currency
/// itself, so it is told the expected one (or the hint), with one style per locale and
/// currency; rows with neither are parsed as the locale's currency.
struct FoundationFormatStyle: ParseEngine {
    let name = "Foundation Decimal.FormatStyle.Currency"
    let key = "foundation-formatstyle"
    let rows: [Row]
    let styles: [Decimal.FormatStyle.Currency]
    let currencies: [Currency?]

    init(rows: [Row]) {
        self.rows = rows
        let currencies = rows.map { $0.peerCurrency ?? Self.localeCurrency($0.locale) }
        self.currencies = currencies
        styles = prepared(rows.indices.map { ($0, rows[$0]) }, key: { "\($0.1.localeID)|\(currencies[$0.0]?.code ?? "")" }) {
            Decimal.FormatStyle.Currency(code: currencies[$0.0]?.code ?? "XXX", locale: $0.1.locale)
        }
    }

    static func localeCurrency(_ locale: Locale) -> Currency? {
        locale.currency.flatMap { (try? Currency(code: $0.identifier)) }
    }

    mutating func money(_ index: Int) -> Money? {
        guard let amount = try? Decimal(rows[index].input, format: styles[index]), let currency = currencies[index] else {
            return nil
        }
        return Money(amount, currency)
    }
}

/// Foundation's `NumberFormatter` in currency style with `isLenient` and
/// `generatesDecimalNumbers`; told the currency like ``FoundationFormatStyle``.
struct FoundationNumberFormatter: ParseEngine {
    let name = "Foundation NumberFormatter (lenient)"
    let key = "foundation-numberformatter"
    let rows: [Row]
    let formatters: [NumberFormatter]
    let currencies: [Currency?]

    init(rows: [Row]) {
        self.rows = rows
        let currencies = rows.map { $0.peerCurrency ?? FoundationFormatStyle.localeCurrency($0.locale) }
        self.currencies = currencies
        formatters = prepared(rows.indices.map { ($0, rows[$0]) }, key: { "\($0.1.localeID)|\(currencies[$0.0]?.code ?? "")" }) {
            let formatter = NumberFormatter()
            formatter.locale = $0.1.locale
            formatter.numberStyle = .currency
            if let code = currencies[$0.0]?.code { formatter.currencyCode = code }
            formatter.isLenient = true
            formatter.generatesDecimalNumbers = true
            return formatter
        }
    }

    mutating func money(_ index: Int) -> Money? {
        guard let number = formatters[index].number(from: rows[index].input), let currency = currencies[index] else {
            return nil
        }
        return Money(number.decimalValue, currency)
    }
}

/// System ICU's classic lenient currency parse (`unum_parseDoubleCurrency`, through the C shim),
/// one format per locale and currency (set to the expected currency or the hint when known).
/// The whole input must be consumed. ICU reports the currency it read; the amount comes back
/// as a double (the C API has no exact form), so amounts beyond a double's 15-17 significant
/// digits are inexact.
final class ICUCurrencyParse: ParseEngine {
    let name = "ICU unum_parseDoubleCurrency (lenient)"
    let key = "icu-parsecurrency"
    let rows: [Row]
    let formats: [UnsafeMutableRawPointer?]
    private var opened: [UnsafeMutableRawPointer] = []

    init(rows: [Row]) {
        self.rows = rows
        var opened: [UnsafeMutableRawPointer] = []
        formats = prepared(rows, key: { "\($0.localeID)|\($0.peerCurrency?.code ?? "")" }) { row in
            var status: Int32 = 0
            let format = mkicu_currency_parser_open(row.localeID, row.peerCurrency?.code, &status)
            if let format { opened.append(format) }
            return format
        }
        self.opened = opened
    }

    deinit {
        for format in opened { mkicu_numfmt_close(format) }
    }

    /// ICU's raw answer: amount, ISO code, whether the whole text was read.
    private func parse(_ index: Int) -> (value: Double, code: (CChar, CChar, CChar, CChar), complete: Bool) {
        var code: (CChar, CChar, CChar, CChar) = (0, 0, 0, 0)
        guard let format = formats[index] else { return (0, code, false) }
        var end: Int32 = 0
        var status: Int32 = 0
        let utf16 = rows[index].utf16
        let value = utf16.withUnsafeBufferPointer { text in
            withUnsafeMutableBytes(of: &code) { raw in
                mkicu_currency_parse(format, text.baseAddress, Int32(text.count), raw.baseAddress!.assumingMemoryBound(to: CChar.self),
                                     &end, &status)
            }
        }
        return (value, code, status <= 0 && Int(end) == utf16.count)
    }

    func time(_ index: Int) -> Int { parse(index).complete ? 1 : 0 }

    func money(_ index: Int) -> Money? {
        let result = parse(index)
        guard result.complete else { return nil }
        let code = String(decoding: [result.code.0, result.code.1, result.code.2].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The double's shortest round-trip decimal form: exact when ICU's double holds the amount.
        guard let currency = (try? Currency(code: code)), result.value.isFinite,
              let amount = Decimal(string: "\(result.value)", locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return Money(amount, currency)
    }
}
