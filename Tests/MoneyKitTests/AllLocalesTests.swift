import Foundation
@testable import MoneyKit
import TestSupport
import Testing

/// For every locale ICU lists as available: ICU's own currency formatter writes amounts of
/// the locale's currency (USD where its region has none) in symbol, ISO-code and accounting
/// style, positive and negative, and MoneyKit must read each back exactly, in lenient and
/// strict mode. A symbol that is ambiguous on its own (Docs/ParsingRules.md §4 rule 6) is read again with the
/// currency as hint; the test counts how often that was needed.
@Suite struct AllLocalesTests {
    /// Amounts with the currency's minor digits: zero, one minor unit, fixed magnitudes from
    /// 1 to 10^15, and seeded random values.
    static func amounts(minorUnits: Int, seed: UInt64) -> [Decimal] {
        var generator = SplitMix64(seed: seed)
        var amounts: [Decimal] = [0]
        let minor = Decimal(sign: .plus, exponent: -minorUnits, significand: 1)
        amounts.append(minor)
        for exponent in [0, 3, 4, 6, 9, 12, 15] {
            amounts.append(Decimal(sign: .plus, exponent: exponent, significand: 1) + (exponent > 0 ? minor * 7 : 0))
        }
        for _ in 0..<4 {
            let digits = Int(generator.next() % 12) + 1
            let significand = generator.next() % ExactDecimalTestLimits.powerOfTen(digits + minorUnits)
            amounts.append(Decimal(sign: .plus, exponent: -minorUnits, significand: Decimal(significand)))
        }
        return amounts + amounts.filter { !$0.isZero }.map { -$0 }
    }

    @Test("ICU-formatted amounts parse back in every available locale")
    func everyLocaleRoundTrips() throws {
        let locales = TestLocales.walked
        var cases = 0
        var failures: [String] = []
        var hinted = 0
        for (position, locale) in locales.enumerated() {
            let profile = LocaleProfile.profile(for: locale)
            let currency = profile.defaultCurrency ?? (try! Currency(code: "USD"))
            let styles = [("symbol", "currency/\(currency.code)"),
                          ("iso", "currency/\(currency.code) unit-width-iso-code"),
                          ("accounting", "currency/\(currency.code) sign-accounting")]
            for (style, skeleton) in styles {
                let formatter = try ICU.ReferenceFormatter(locale: locale, skeleton: skeleton)
                for amount in Self.amounts(minorUnits: currency.minorUnits, seed: UInt64(position)) {
                    guard let text = formatter.format(decimal: amount.plainText) else {
                        failures.append("\(locale) \(style) \(amount.plainText): ICU could not format")
                        continue
                    }
                    for mode in [MoneyParser.Options.Mode.lenient, .strict] {
                        cases += 1
                        let expected = Money(amount, currency)
                        do {
                            let parsed = try MoneyParser(locale: Locale(identifier: locale), options: .init(mode: mode))
                                .parse(text)
                            if parsed != expected {
                                failures.append("\(locale) \(style) \(mode) \(String(reflecting: text)): got \(parsed), expected \(expected)")
                            }
                        } catch {
                            // An ambiguous symbol is parsed again with the currency as hint (§4 rule 1).
                            if case .ambiguousCurrency = error.kind,
                               let parsed = try? MoneyParser(locale: Locale(identifier: locale), currency: currency,
                                                             options: .init(mode: mode)).parse(text),
                               parsed == expected {
                                hinted += 1
                                continue
                            }
                            failures.append("\(locale) \(style) \(mode) \(String(reflecting: text)): \(error.kind.name) at \(error.offset ?? -1): \(error)")
                        }
                    }
                }
            }
        }
        print("All-locales round trip: \(locales.count) locales, \(cases) cases, \(hinted) needed the currency hint, \(failures.count) failures")
        #expect(locales.count > (Sanitizers.active ? 200 : 700))
        #expect(cases > (Sanitizers.active ? 25_000 : 100_000))
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(60).joined(separator: "\n"))")
    }
}

/// A small deterministic generator (SplitMix64), so the sample is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum ExactDecimalTestLimits {
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        var value: UInt64 = 1
        for _ in 0..<min(exponent, 19) { value *= 10 }
        return value
    }
}
