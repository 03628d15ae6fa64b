import Foundation
@testable import MoneyKit
import Testing

/// Compact affixes come from ICU's compact patterns (CompactPatterns): every affix ICU's own
/// compact formatter writes (short and long, plain and with the locale's currency, values
/// with every common plural form) is in the locale's table with its power of ten and side.
@Suite struct CompactAffixesTests {
    static let locales: [String] = {
        let all = ICU.availableLocales
        return stride(from: 0, to: all.count, by: 5).map { all[$0] } + ["en_IN", "en_AU", "de_CH", "es_419", "zh_Hant_HK", "pt_PT"]
    }()

    @Test("Every affix ICU's compact formatter writes is read", arguments: locales)
    func formatterAffixesAreRead(locale: String) throws {
        let profile = LocaleProfile.profile(for: locale)
        let numbers = profile.numbers
        let currency = try profile.defaultCurrency ?? Currency(code: "USD")
        let symbol = profile.currencies.displays[Int(currency.index)].symbol
        let currencyScalars = [symbol, currency.code].filter { !$0.isEmpty }.map { $0.unicodeScalars.map(\.value) }
        let decimalSymbols = Set([numbers.monetaryDecimalSymbol, numbers.decimalSymbol].compactMap { $0.unicodeScalars.last?.value })
        var table: [[UInt8]: CompactAffixes.Affix] = [:]
        for entry in profile.compact.entries { table[entry.key] = entry.affix }
        // The same text for several powers (bn writes কো for 10^7 and 10^9, ne करोड for 10^7
        // in the short form and 10^6 in the long one): ambiguous in ICU's own data; the
        // table keeps one of them, so only its presence is checked.
        var exponents: [[UInt8]: Set<Int>] = [:]
        var written: [(key: [UInt8], affix: (text: String, exponent: Int, side: MarkerSide), line: String)] = []
        var checked = 0
        var missing: [String] = []
        for (skeleton, isCurrency) in [("compact-short", false), ("compact-long", false), ("compact-short currency/\(currency.code)", true)] {
            let formatter = try ICU.ReferenceFormatter(locale: locale, skeleton: skeleton)
            for power in 3...15 {
                for value in ["1", "2", "5", "1.5"] {
                    guard let exact = ExactDecimal(plainText: value)?.shifted(by: power), let digits = exact.plainDigits,
                          let text = formatter.format(decimal: digits),
                          let affix = Self.affix(in: text, value: exact, decimalSymbols: decimalSymbols,
                                                 removing: isCurrency ? currencyScalars : [])
                    else { continue }
                    let key = MarkerKey.bytes(of: affix.text, folded: true)
                    // Single CJK numerals (万, 億) are read as numerals, not affixes.
                    if affix.text.unicodeScalars.count == 1, Numerals.kind(affix.text.unicodeScalars.first!.value) != nil { continue }
                    exponents[key, default: []].insert(affix.exponent)
                    written.append((key, affix, "\(skeleton) \(digits) -> \(text): \(affix.text) 10^\(affix.exponent)"))
                }
            }
        }
        for (key, affix, line) in written {
            checked += 1
            guard let found = table[key], found.sides.contains(MarkerSides(affix.side)),
                  found.exponent == Int8(affix.exponent) || exponents[key]!.count > 1 else {
                missing.append(line)
                continue
            }
        }
        #expect(missing.isEmpty, "\(locale): \(missing.count) of \(checked), first: \(missing.prefix(5))")
    }

    /// The affix around the number in ICU's compact output for `value`, and the power of ten it
    /// stands for (`1,5 Mio.` for 1500000: "Mio.", 6, after).
    static func affix(
        in text: String, value: ExactDecimal, decimalSymbols: Set<UInt32>, removing currencyTexts: [[UInt32]]
    ) -> (text: String, exponent: Int, side: MarkerSide)? {
        let scalars = text.unicodeScalars.map(\.value)
        guard let first = scalars.firstIndex(where: { DigitSystems.digit($0) != nil }),
              let last = scalars.lastIndex(where: { DigitSystems.digit($0) != nil }) else { return nil }
        // The number as shown: its digits, and how many follow the decimal symbol.
        var significand: UInt128 = 0
        var fractionDigits = 0
        var afterDecimal = false
        for scalar in scalars[first...last] {
            if let digit = DigitSystems.digit(scalar) {
                significand = significand * 10 + UInt128(digit.value)
                if afterDecimal { fractionDigits += 1 }
            } else if decimalSymbols.contains(scalar) {
                afterDecimal = true
            }
        }
        let shown = ExactDecimal(significand: significand, scale: fractionDigits, isNegative: false)
        guard let exponent = value.powerOfTen(over: shown) else { return nil }
        /// The affix text without the currency's texts, normalized as a marker key.
        func cleaned(_ part: ArraySlice<UInt32>) -> [UInt8] {
            var rest = Array(part)
            for currency in currencyTexts {
                var index = 0
                while index + currency.count <= rest.count {
                    if rest[index..<(index + currency.count)].elementsEqual(currency) {
                        rest.removeSubrange(index..<(index + currency.count))
                    } else {
                        index += 1
                    }
                }
            }
            var utf8: [UInt8] = []
            for scalar in rest { Characters.forEachUTF8Byte(of: scalar) { utf8.append($0) } }
            return utf8.withUnsafeBufferPointer { MarkerKey.bytes(ofUTF8: $0, folded: false) }
        }
        let cleanBefore = cleaned(scalars[..<first])
        let cleanAfter = cleaned(scalars[(last + 1)...])
        if !cleanAfter.isEmpty, cleanBefore.isEmpty {
            return (String(decoding: cleanAfter, as: UTF8.self), exponent, .after)
        }
        if !cleanBefore.isEmpty, cleanAfter.isEmpty {
            return (String(decoding: cleanBefore, as: UTF8.self), exponent, .before)
        }
        return nil
    }
}
