// The formatters under test: each writes a row's expected money in its locale's symbol
// style, prepared per locale (and currency where the engine needs it).
import CMoneyKitICU
import Foundation
import MoneyKit

/// A formatter under test.
protocol FormatEngine {
    var name: String { get }
    var key: String { get }
    /// Writes money number `index`.
    func format(_ index: Int) -> String
}

/// MoneyKit's formatter, prepared per locale.
struct MoneyKitFormatter: FormatEngine {
    let name = "MoneyKit MoneyFormatter"
    let key = "moneykit"
    let values: [Money]
    let formatters: [MoneyFormatter]

    init(rows: [Row], values: [Money]) {
        self.values = values
        formatters = prepared(rows, key: \.localeID) { MoneyFormatter(locale: $0.locale) }
    }

    func format(_ index: Int) -> String { formatters[index].format(values[index]) }
}

/// Foundation's `Decimal.FormatStyle.Currency`, prepared per locale and currency.
struct FoundationFormatter: FormatEngine {
    let name = "Foundation Decimal.FormatStyle.Currency"
    let key = "foundation-formatstyle"
    let values: [Money]
    let styles: [Decimal.FormatStyle.Currency]

    init(rows: [Row], values: [Money]) {
        self.values = values
        styles = prepared(rows.indices.map { ($0, rows[$0]) }, key: { "\($0.1.localeID)|\(values[$0.0].currency.code)" }) {
            Decimal.FormatStyle.Currency(code: values[$0.0].currency.code, locale: $0.1.locale)
        }
    }

    func format(_ index: Int) -> String { styles[index].format(values[index].amount) }
}

/// System ICU's `unumf` number formatter (skeleton `currency/XXX`), prepared per locale and
/// currency, given the amount as an exact decimal string; its UTF-16 result is made a
/// Swift `String` like the other engines' results.
final class ICUFormatter: FormatEngine {
    let name = "ICU unumf (skeleton currency/XXX)"
    let key = "icu-unumf"
    let decimals: [[CChar]]
    let formatters: [UnsafeMutableRawPointer?]
    private var opened: [UnsafeMutableRawPointer] = []

    init(rows: [Row], values: [Money]) {
        decimals = values.map { Array($0.amount.plainText.utf8CString) }
        var opened: [UnsafeMutableRawPointer] = []
        formatters = prepared(rows.indices.map { ($0, rows[$0]) }, key: { "\($0.1.localeID)|\(values[$0.0].currency.code)" }) {
            let skeleton = Array("currency/\(values[$0.0].currency.code)".utf16)
            var status: Int32 = 0
            let formatter = mkicu_numberformatter_open($0.1.localeID, skeleton, Int32(skeleton.count), &status)
            if let formatter { opened.append(formatter) }
            return formatter
        }
        self.opened = opened
    }

    deinit {
        for formatter in opened { mkicu_numberformatter_close(formatter) }
    }

    func format(_ index: Int) -> String {
        guard let formatter = formatters[index] else { return "" }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 128) { buffer in
            var status: Int32 = 0
            let length = decimals[index].withUnsafeBufferPointer {
                mkicu_numberformatter_format_decimal(formatter, $0.baseAddress, buffer.baseAddress, 128, &status)
            }
            guard status <= 0 else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<Int(length)]), as: UTF16.self)
        }
    }
}
