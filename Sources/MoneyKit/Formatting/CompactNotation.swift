
/// Compact notation (`$1.2K`, `1,2 Mio. €`, `¥1.2万`), written as ICU's number formatter
/// writes `compact-short` with a currency (what Foundation's `.notation(.compactName)` asks
/// ICU for). The steps are ICU's (number_compact.cpp, number_rounding.cpp):
///
/// 1. The amount's magnitude (power of ten of its first digit) chooses a compact pattern and
///    the power of ten it divides by (``CompactPatterns``: `0K` at 10^3 divides by 10^3,
///    `00K` at 10^4 too).
/// 2. The divided value is rounded half-even to an integer, but to two significant digits
///    when it is under 10 (`1.2K`, `12K`, `123K`); zeros after the point are not shown
///    (`1K`, not `1.0K`). When rounding carries into the next power (`999.9K`) and that power
///    divides differently, the amount is divided and rounded again (`1M`).
/// 3. The plural form of the divided value as shown, an exact `0` or `1` entry first, picks
///    the pattern; where there is none, or the data says `0`, the amount is written with the
///    locale's own currency pattern (small amounts, and languages without compact forms for
///    some powers), still rounded as above (`$5.7`, `$123`).
/// 4. Grouping needs at least two digits in the first group (`$1235T`, `$10,000T` in en_US).
///
/// With the currency's name, ICU uses the number's compact patterns and the name's
/// plural form for the amount before dividing (`1.2 million US dollars`: `1.2M US dollars`).
struct CompactNotation: Sendable {
    /// Patterns with the currency (symbol, narrow symbol, ISO code styles).
    let currencyPatterns: CompactPatterns
    /// Patterns of plain numbers (name style).
    let decimalPatterns: CompactPatterns
    /// Every pattern taken apart once.
    private let parsed: [String: NumberPattern]

    private init(locale: String, numberingSystem: String) {
        currencyPatterns = CompactPatterns.forLocale(locale, numberingSystem: numberingSystem, kind: .shortCurrency)
        decimalPatterns = CompactPatterns.forLocale(locale, numberingSystem: numberingSystem, kind: .shortDecimal)
        var parsed: [String: NumberPattern] = [:]
        for patterns in [currencyPatterns, decimalPatterns] {
            for magnitude in patterns.magnitudes {
                for case let pattern? in magnitude.patterns.values where parsed[pattern] == nil {
                    parsed[pattern] = NumberPattern(pattern)
                }
            }
        }
        self.parsed = parsed
    }

    private static let cache = DerivedCache<String, CompactNotation>()

    /// A locale's compact patterns, read from ICU once per locale and kept.
    static func forLocale(_ locale: String, numberingSystem: String) -> CompactNotation {
        cache.value(for: locale) { CompactNotation(locale: locale, numberingSystem: numberingSystem) }
    }

    /// What to write for an amount: the digits (divided and rounded) and the compact pattern,
    /// nil for the locale's own pattern.
    struct Shown {
        let digits: MoneyRenderer.Digits
        let pattern: NumberPattern?
    }

    /// Steps 1 to 3 for an amount, with the currency's compact patterns or the plain ones.
    func shown(_ value: ExactDecimal, withCurrency: Bool, pluralRules: PluralRules) -> Shown {
        let patterns = withCurrency ? currencyPatterns : decimalPatterns
        var divisor = 0
        var rounded = CompactNotation.rounded(value)
        if value.significand != 0 {
            let magnitude = CompactNotation.magnitude(of: value)
            divisor = patterns.multiplier(forMagnitude: magnitude)
            rounded = CompactNotation.rounded(value.shifted(by: divisor))
            if rounded.significand != 0, CompactNotation.magnitude(of: rounded) != magnitude + divisor {
                // Rounding carried into the next power (999.9K): divide as that power does.
                let next = patterns.multiplier(forMagnitude: magnitude + 1)
                if next != divisor {
                    divisor = next
                    rounded = CompactNotation.rounded(value.shifted(by: divisor))
                }
            }
        }
        let digits = CompactNotation.digits(rounded, isNegative: value.isNegative)
        let magnitude = rounded.significand == 0 ? 0 : CompactNotation.magnitude(of: rounded) - divisor
        let integerValue = digits.fraction.isEmpty && digits.integer.utf8.count < 3 ? Int(digits.integer) : nil
        let keyword = pluralRules.keyword(operands: digits.operands)
        let pattern = patterns.pattern(forMagnitude: magnitude, keyword: keyword, integerValue: integerValue)
        return Shown(digits: digits, pattern: pattern.flatMap { parsed[$0] })
    }

    /// The digits of an amount rounded as compact notation rounds (for the name style's plural
    /// form, which ICU takes before dividing).
    static func undivided(_ value: ExactDecimal) -> MoneyRenderer.Digits {
        digits(rounded(value), isNegative: value.isNegative)
    }

    /// The power of ten of a non-zero value's first digit.
    private static func magnitude(of value: ExactDecimal) -> Int {
        ExactDecimal.digitCount(of: value.significand) - 1 - value.scale
    }

    /// Rounded half-even to an integer, or to two significant digits under 10 (ICU's
    /// `Precision::integer().withMinDigits(2)`).
    private static func rounded(_ value: ExactDecimal) -> ExactDecimal {
        guard value.significand != 0 else { return .zero }
        let magnitude = magnitude(of: value)
        return value.rounded(toScale: max(0, 1 - magnitude), .toNearestOrEven).normalized
    }

    /// The digits to show: the value's own (no trailing zeros after the point).
    private static func digits(_ value: ExactDecimal, isNegative: Bool) -> MoneyRenderer.Digits {
        let fractionDigits = max(value.scale, 0)
        return MoneyRenderer.Digits(value.magnitude, fractionDigits: fractionDigits, isNegative: isNegative)
    }
}
