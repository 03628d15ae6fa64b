/// A locale's compact-number affixes (SPEC 7): `K`, `M` in en, `Mio.`, `Tausend`, `Millionen`
/// in de, `L`, `Cr` in en_IN, `万亿` in zh — each with the power of ten it multiplies by and
/// the side of the number it stands on, learned from ICU's own compact-number output (short
/// and long forms, plain and with a currency), plus the supplement's multiplier words
/// (`lakh`, `crore`). Matched case-insensitively.
final class CompactAffixes: Sendable {
    struct Affix: Sendable, Equatable {
        /// The power of ten it multiplies by.
        let exponent: Int8
        /// Where it stands.
        let sides: MarkerSides
    }

    /// Folded affix texts.
    let trie: MarkerTrie
    /// For each key of ``trie``.
    let affixes: [Affix]
    /// Whether any affix stands before / after the number (most locales have none before).
    let hasPrefixes: Bool
    let hasSuffixes: Bool
    /// The first scalars of the affixes, folded and with their upper- and title-case forms,
    /// so that text that cannot start an affix is passed over without walking the trie:
    /// a bitmap for ASCII, a sorted list for the rest.
    private let firstASCII: (UInt64, UInt64)
    private let firstOthers: [UInt32]

    /// Whether an affix may start with this (canonical) scalar.
    @inline(__always)
    func mayStart(with scalar: UInt32) -> Bool {
        if scalar < 64 { return firstASCII.0 & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return firstASCII.1 & (1 << UInt64(scalar - 64)) != 0 }
        var low = 0
        var high = firstOthers.count
        while low < high {
            let middle = (low + high) >> 1
            if firstOthers[middle] < scalar { low = middle + 1 } else { high = middle }
        }
        return low < firstOthers.count && firstOthers[low] == scalar
    }

    init(locale: String, numbers: NumberConventions, currencies: CurrencyConventions, currency: Currency?) {
        var builder = MarkerTableBuilder(empty: Affix(exponent: -1, sides: []))
        func record(_ text: String, exponent: Int, side: MarkerSide) {
            let key = MarkerKey.bytes(of: text, folded: true)
            // Single CJK unit characters (万, 億, 만...) are numerals already, read the same way.
            guard !key.isEmpty, exponent > 0, exponent < 100,
                  !(text.unicodeScalars.count == 1 && Numerals.kind(text.unicodeScalars.first!.value) != nil) else { return }
            builder.update(key) { affix in
                if affix.exponent < 0 || affix.exponent == Int8(exponent) {
                    affix = Affix(exponent: Int8(exponent), sides: affix.sides.union(MarkerSides(side)))
                }
            }
        }
        let code = (currency ?? Currency(code: "USD")!).code
        let currencyTexts = [currency.map { currencies.displays[Int($0.index)].symbol }, code].compactMap { $0 }
        let probes: [(skeleton: String, values: [String])] = [
            ("compact-short", ["1", "2", "1.5"]), ("compact-long", ["1", "2", "5", "1.5"]),
            ("compact-short currency/\(code)", ["1"]),
        ]
        for probe in probes {
            guard let formatter = try? ICU.ReferenceFormatter(locale: locale, skeleton: probe.skeleton) else { continue }
            for power in 3...15 {
                for value in probe.values {
                    guard let exact = ExactDecimal(plainText: value)?.shifted(by: power),
                          let digits = exact.plainDigits, let text = formatter.format(decimal: digits),
                          let found = CompactAffixes.affix(in: text, value: exact, numbers: numbers,
                                                           removing: probe.skeleton.contains("currency/") ? currencyTexts : [])
                    else { continue }
                    record(found.text, exponent: found.exponent, side: found.side)
                }
            }
        }
        for entry in MarkerSupplement.shared.multipliers {
            record(entry.marker, exponent: entry.exponent, side: .after)
        }
        (trie, affixes) = builder.build()
        hasPrefixes = affixes.contains { $0.sides.contains(.before) }
        hasSuffixes = affixes.contains { $0.sides.contains(.after) }
        var firsts = Set<UInt32>()
        for key in builder.keys {
            guard let first = String(decoding: key, as: UTF8.self).unicodeScalars.first else { continue }
            firsts.insert(first.value)
            for variant in [first.properties.uppercaseMapping, first.properties.titlecaseMapping]
            where variant.unicodeScalars.count == 1 {
                firsts.insert(variant.unicodeScalars.first!.value)
            }
        }
        var ascii: (UInt64, UInt64) = (0, 0)
        for scalar in firsts where scalar < 128 {
            if scalar < 64 { ascii.0 |= 1 << UInt64(scalar) } else { ascii.1 |= 1 << UInt64(scalar - 64) }
        }
        firstASCII = ascii
        firstOthers = firsts.filter { $0 >= 128 }.sorted()
    }

    /// The affix around the number in ICU's compact output for `value`, and the power of ten it
    /// stands for (`1,5 Mio.` for 1500000: "Mio.", 6, after).
    private static func affix(
        in text: String, value: ExactDecimal, numbers: NumberConventions, removing currencyTexts: [String]
    ) -> (text: String, exponent: Int, side: MarkerSide)? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { DigitSystems.digit($0.value) != nil }),
              let last = scalars.lastIndex(where: { DigitSystems.digit($0.value) != nil }) else { return nil }
        // The number as shown: its digits, and how many follow the decimal symbol.
        var significand: UInt128 = 0
        var fractionDigits = 0
        var afterDecimal = false
        let decimalSymbols = Set([numbers.monetaryDecimalSymbol, numbers.decimalSymbol].compactMap { $0.unicodeScalars.last })
        for scalar in scalars[first...last] {
            if let digit = DigitSystems.digit(scalar.value) {
                significand = significand * 10 + UInt128(digit.value)
                if afterDecimal { fractionDigits += 1 }
            } else if decimalSymbols.contains(scalar) {
                afterDecimal = true
            }
        }
        let shown = ExactDecimal(significand: significand, scale: fractionDigits, isNegative: false)
        guard let exponent = value.powerOfTen(over: shown) else { return nil }
        var before = String(String.UnicodeScalarView(scalars[..<first]))
        var after = String(String.UnicodeScalarView(scalars[(last + 1)...]))
        for currency in currencyTexts where !currency.isEmpty {
            before = before.replacingOccurrences(of: currency, with: "")
            after = after.replacingOccurrences(of: currency, with: "")
        }
        let cleanBefore = MarkerKey.bytes(of: before, folded: false)
        let cleanAfter = MarkerKey.bytes(of: after, folded: false)
        if !cleanAfter.isEmpty, cleanBefore.isEmpty {
            return (String(decoding: cleanAfter, as: UTF8.self), exponent, .after)
        }
        if !cleanBefore.isEmpty, cleanAfter.isEmpty {
            return (String(decoding: cleanBefore, as: UTF8.self), exponent, .before)
        }
        return nil
    }
}

extension ExactDecimal {
    /// The value times 10^power.
    func shifted(by power: Int) -> ExactDecimal {
        ExactDecimal(significand: significand, scale: scale - power, isNegative: isNegative)
    }

    /// Plain decimal digits of a non-negative value (for handing to ICU), nil if too long.
    var plainDigits: String? {
        let digits = String(significand)
        if scale <= 0 { return digits + String(repeating: "0", count: -scale) }
        if digits.count > scale { return String(digits.dropLast(scale)) + "." + digits.suffix(scale) }
        return "0." + String(repeating: "0", count: scale - digits.count) + digits
    }

    /// The exponent e with self = other × 10^e, when there is one.
    func powerOfTen(over other: ExactDecimal) -> Int? {
        func normalized(_ value: ExactDecimal) -> (UInt128, Int) {
            var significand = value.significand
            var exponent = -value.scale
            while significand != 0, significand % 10 == 0 {
                significand /= 10
                exponent += 1
            }
            return (significand, exponent)
        }
        let (a, aExponent) = normalized(self)
        let (b, bExponent) = normalized(other)
        guard a == b, a != 0 else { return nil }
        return aExponent - bExponent
    }
}
