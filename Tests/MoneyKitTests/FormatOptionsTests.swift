import Foundation
@testable import MoneyKit
import Testing

/// The format style's Foundation-shaped options: sign display (with and without the accounting
/// form), presentation, and AttributedString output. Sign display is checked against ICU's own
/// NumberFormatter in every walked locale, as the plain styles are in RoundTripTests.
@Suite struct FormatOptionsTests {
    /// A sign display and accounting flag, and the ICU skeleton stem that asks for the same.
    struct SignCase: Sendable, CustomStringConvertible {
        let strategy: Money.FormatStyle.SignDisplayStrategy
        let skeleton: String
        var description: String { skeleton }
    }

    static let signCases = [
        SignCase(strategy: .never, skeleton: "sign-never"),
        SignCase(strategy: .always(showZero: true), skeleton: "sign-always"),
        SignCase(strategy: .always(), skeleton: "sign-except-zero"),
        SignCase(strategy: .accountingAlways(showZero: true), skeleton: "sign-accounting-always"),
        SignCase(strategy: .accountingAlways(), skeleton: "sign-accounting-except-zero"),
    ]

    static let presentations: [(Money.FormatStyle.Presentation, String)] = [
        (.standard, ""), (.narrow, " unit-width-narrow"), (.isoCode, " unit-width-iso-code"), (.fullName, " unit-width-full-name"),
    ]

    /// Positive, negative, zero, and amounts that round to zero from either side (ICU's
    /// negative zero keeps its minus sign under `always`, not under `except-zero`).
    static let amounts = ["0", "5", "1234.5", "0.001", "-0.001", "-5", "-1234567.891"].map { Decimal(string: $0)! }

    @Test("Sign display writes what ICU writes, in every locale and presentation")
    func signDisplayMatchesICU() {
        var cases = 0
        var malformedNames = 0
        var failures: [String] = []
        for locale in TestLocales.walked {
            let profile = LocaleProfile.profile(for: locale)
            for currency in TestLocales.currencies(in: locale) {
                let display = profile.currencies.displays[Int(currency.index)]
                for sign in Self.signCases {
                    for (presentation, width) in Self.presentations {
                        // The name has no accounting form (ICU ignores it there, and so does MoneyFormatter).
                        if presentation == .fullName, sign.strategy.accounting { continue }
                        guard let icu = try? ICU.ReferenceFormatter(locale: locale, skeleton: "currency/\(currency.code) \(sign.skeleton)\(width)")
                        else {
                            failures.append("\(locale) \(currency.code) \(sign): ICU has no formatter")
                            continue
                        }
                        let style = Money.FormatStyle(locale: Locale(identifier: locale)).presentation(presentation).sign(strategy: sign.strategy)
                        for amount in Self.amounts {
                            cases += 1
                            let ours = Money(amount, currency).formatted(style)
                            guard let expected = icu.format(decimal: amount.plainText) else { continue }
                            if ours == expected { continue }
                            if presentation == .fullName, RoundTripTests.isMalformedName(icu: expected, ours: ours, display: display) {
                                malformedNames += 1
                                continue
                            }
                            failures.append("\(locale) \(currency.code) \(sign)\(width) \(amount): ICU \(String(reflecting: expected)) ≠ \(String(reflecting: ours))")
                        }
                    }
                }
            }
        }
        print("Sign display: \(cases) cases against ICU; ICU 72's malformed full names (RoundTripTests) skipped: \(malformedNames)")
        #expect(cases > 10_000)
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    @Test func signStrategiesInEnglish() {
        let us = Money.FormatStyle(locale: Locale(identifier: "en_US"))
        let five = Money(5, "USD")
        let minusFive = Money(-5, "USD")
        let zero = Money(0, "USD")
        #expect(five.formatted(us.sign(strategy: .always())) == "+$5.00")
        #expect(zero.formatted(us.sign(strategy: .always())) == "$0.00")
        #expect(zero.formatted(us.sign(strategy: .always(showZero: true))) == "+$0.00")
        #expect(minusFive.formatted(us.sign(strategy: .never)) == "$5.00")
        #expect(minusFive.formatted(us.sign(strategy: .accounting)) == "($5.00)")
        #expect(five.formatted(us.sign(strategy: .accountingAlways())) == "+$5.00")
        #expect(minusFive.formatted(us.sign(strategy: .accountingAlways())) == "($5.00)")
        #expect(five.formatted(us.presentation(.fullName).sign(strategy: .always())) == "+5.00 US dollars")
        #expect(five.formatted(us.presentation(.isoCode)) == "USD\u{A0}5.00")
        #expect(Money(5, "CAD").formatted(us.presentation(.narrow)) == "$5.00")
        #expect(Money(5, "CAD").formatted(us.presentation(.standard)) == "CA$5.00")
    }

    /// (locale, amount, currency, presentation, the runs as text|numberPart|numberSymbol)
    static let attributedCases: [(String, String, String, Money.FormatStyle.Presentation, [String])] = [
        ("en_US", "-1234.5", "USD", .standard, ["-||sign", "$||currency", "1|integer|", ",|integer|groupingSeparator", "234|integer|",
                                                 ".||decimalSeparator", "50|fraction|"]),
        ("de_DE", "1234567.89", "EUR", .standard, ["1|integer|", ".|integer|groupingSeparator", "234|integer|",
                                                    ".|integer|groupingSeparator", "567|integer|", ",||decimalSeparator",
                                                    "89|fraction|", "\u{A0}||", "€||currency"]),
        ("ja_JP", "12345", "JPY", .standard, ["￥||currency", "12|integer|", ",|integer|groupingSeparator", "345|integer|"]),
        ("en_US", "2", "EUR", .fullName, ["2|integer|", ".||decimalSeparator", "00|fraction|", " ||", "euros||currency"]),
        ("ar_EG", "-12", "EGP", .isoCode, ["\u{061C}-||sign", "\u{200F}||", "١٢|integer|", "٫||decimalSeparator", "٠٠|fraction|", "\u{A0}||",
                                           "EGP||currency"]),
    ]

    @Test(arguments: attributedCases.indices)
    func attributedOutputMarksTheParts(_ index: Int) {
        let (locale, amount, code, presentation, expected) = Self.attributedCases[index]
        let money = Money(Decimal(string: amount)!, try! Currency(code: code))
        let style = Money.FormatStyle(locale: Locale(identifier: locale)).presentation(presentation)
        let text = money.formatted(style.attributed)
        #expect(String(text.characters) == money.formatted(style))
        let runs = text.runs.map { run -> String in
            let part = run.numberPart.map { $0 == .integer ? "integer" : "fraction" } ?? ""
            let symbol: String
            switch run.numberSymbol {
            case .sign?: symbol = "sign"
            case .currency?: symbol = "currency"
            case .groupingSeparator?: symbol = "groupingSeparator"
            case .decimalSeparator?: symbol = "decimalSeparator"
            case nil: symbol = ""
            default: symbol = "other"
            }
            return "\(String(text[run.range].characters))|\(part)|\(symbol)"
        }
        #expect(runs == expected, "\(runs)")
    }

    /// In every walked locale, the attributed text is the plain text, and its parts cover
    /// every digit (as integer or fraction) and nothing else.
    @Test func attributedTextIsThePlainTextWithEveryDigitMarked() {
        var failures: [String] = []
        for locale in TestLocales.walked {
            let formatter = MoneyFormatter(locale: Locale(identifier: locale))
            let money = Money(Decimal(string: "-1234567.25")!, "EUR")
            let text = formatter.attributedFormat(money)
            if String(text.characters) != formatter.format(money) { failures.append("\(locale): text differs") }
            for run in text.runs {
                let characters = String(text[run.range].characters)
                let digits = characters.unicodeScalars.filter { $0.properties.numericType == .decimal }
                if run.numberPart == nil, !digits.isEmpty { failures.append("\(locale): digits \(characters) unmarked") }
                if run.numberPart != nil, run.numberSymbol == nil, digits.count != characters.unicodeScalars.count {
                    failures.append("\(locale): \(String(reflecting: characters)) marked as digits")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    /// Formatting follows ICU's fallback for an unknown identifier, writing what ICU writes;
    /// an editor in such a locale takes typed digits that way and refuses pastes, saying why.
    @Test(arguments: LocaleValidationTests.unknown)
    func formattersFollowICUsFallbackAndEditorsRefusePastes(identifier: String, nearest: String?) throws {
        let money = Money(Decimal(string: "-1234.5")!, "GBP")
        // ICU's canonical form; an identifier with characters no identifier has (`en_US!`) is the root locale.
        let icu = try #require(try? ICU.ReferenceFormatter(locale: ICU.canonicalLocale(identifier), skeleton: "currency/GBP"))
        #expect(MoneyFormatter(locale: Locale(identifier: identifier)).format(money) == icu.format(decimal: "-1234.5"))
        var editor = AmountEditor(locale: Locale(identifier: identifier), currency: "GBP")
        let typed = editor.replace(0..<0, with: "12")
        #expect(typed)
        #expect(editor.money == Money(12, "GBP"))
        let pasted = editor.replace(0..<editor.text.utf16.count, with: "£5.00")
        #expect(!pasted)
        #expect(editor.lastRejection == .unknownLocale(nearest: nearest))
        #expect(editor.money == Money(12, "GBP"))
    }
}
