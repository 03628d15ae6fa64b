import Foundation
@testable import MoneyKit
import Testing

/// Unit tests of the parser's stages, each on its own (the corpora test them together):
/// the lexer's tokens, the state machine's structure, separator inference by each rule of
/// Docs/ParsingRules.md §3, and currency resolution by each rule of §4.
@Suite struct StageTests {
    /// Runs `body` over the text's UTF-8 with the locale's profile.
    static func withInput<Result>(
        _ text: String, _ locale: String, _ body: (UnsafeBufferPointer<UInt8>, LocaleProfile) throws(MoneyParseError) -> Result
    ) throws(MoneyParseError) -> Result {
        let profile = LocaleProfile.profile(for: locale)
        var text = text
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            Swift.Result { () throws(MoneyParseError) in try body(bytes, profile) }
        }!
        return try result.get()
    }

    /// The state machine run over the bytes: what it read, and the resolution it ran with.
    static func machineResult(
        _ bytes: UnsafeBufferPointer<UInt8>, _ profile: LocaleProfile, hint: Currency?
    ) throws(MoneyParseError) -> (structure: AmountStructure, resolution: CurrencyResolution) {
        let resolution = CurrencyResolution(profile: profile, hint: hint, strict: false, bytes: bytes)
        var machine = StateMachine(lexer: Lexer(bytes: bytes, profile: profile, hint: hint), resolution: resolution)
        try machine.run()
        return (machine.result, resolution)
    }

    // MARK: Lexer

    /// The lexer's tokens for a text: kinds, and for separators their class.
    static func tokens(_ text: String, _ locale: String, hint: Currency? = nil) throws(MoneyParseError) -> String {
        try withInput(text, locale) { bytes, profile throws(MoneyParseError) in
            var lexer = Lexer(bytes: bytes, profile: profile, hint: hint)
            var kinds: [String] = []
            while true {
                let token = try lexer.next()
                if token.kind == .end { break }
                kinds.append(token.kind.className)
            }
            return kinds.joined(separator: " ")
        }
    }

    static let lexerCases: [(String, String, String)] = [
        ("$1,234.50", "en_US", "marker digits separator(comma) digits separator(period) digits"),
        ("-12,50 €", "de_DE", "minus digits separator(comma) digits space marker"),
        ("CHF 1'234.50", "de_CH", "marker space digits separator(apostrophe) digits separator(period) digits"),
        ("(5 $)", "en_US", "openParen digits space marker closeParen"),
        ("+5 USD", "en_US", "plus digits space marker"),
        ("5 dollars", "en_US", "digits space marker"),
        ("1,5 Mio. €", "de_DE", "digits separator(comma) digits space multiplier space marker"),
        ("一万五千元", "zh_CN", "digits unit digits unit yuan"),
        ("50,- Kč", "cs_CZ", "digits separator(comma) minus space marker"),
        ("Rs. 500/-", "en_IN", "marker space digits slashDash"),
        ("١٬٢٣٤٫٥٠", "ar_EG", "digits separator(arabicGrouping) digits separator(arabicDecimal) digits"),
    ]

    @Test("The lexer's tokens", arguments: lexerCases)
    func lexer(_ text: String, _ locale: String, _ expected: String) throws {
        #expect(try Self.tokens(text, locale) == expected)
    }

    @Test("The lexer names what no token can be, at its offset")
    func lexerErrors() {
        #expect(throws: MoneyParseError.self) { try Self.tokens("5 $ %", "en_US") }
        do {
            _ = try Self.tokens("12 zzz", "en_US")
            Issue.record("zzz is no token")
        } catch {
            #expect(error.kind == .unexpectedCharacter)
            #expect(error.offset == 3)
        }
    }

    // MARK: State machine

    /// What the state machine reads: sign, markers by side, number range, or the error.
    static func structure(_ text: String, _ locale: String, hint: Currency? = nil) -> String {
        do throws(MoneyParseError) {
            return try withInput(text, locale) { bytes, profile throws(MoneyParseError) in
                let result = try machineResult(bytes, profile, hint: hint).structure
                var parts = ["number \(result.number.extent.map { "\($0)" } ?? "none")"]
                if result.isNegative { parts.append(result.trailingMinus ? "trailing minus" : "negative") }
                for marker in [result.firstMarker, result.secondMarker].compactMap({ $0 }) {
                    parts.append("marker \(marker.start)..<\(marker.end) \(marker.side)")
                }
                if let minor = result.minorMarker { parts.append("minor \(minor.start)..<\(minor.end)") }
                if result.trailingDigits != nil { parts.append("trailing digits") }
                return parts.joined(separator: ", ")
            }
        } catch {
            return "error \(error.kind.name) at \(error.offset.map(String.init) ?? "-")"
        }
    }

    static let machineCases: [(String, String, String)] = [
        ("$5.00", "en_US", "number 1..<5, marker 0..<1 before"),
        ("-$5.00", "en_US", "number 2..<6, negative, marker 1..<2 before"),
        ("$-5.00", "en_US", "number 2..<6, negative, marker 0..<1 before"),
        ("123-", "en_US", "number 0..<3, trailing minus"),
        ("($5.00)", "en_US", "number 2..<6, negative, marker 1..<2 before"),
        ("$1.05 CAD", "en_US", "number 1..<5, marker 0..<1 before, marker 6..<9 after"),
        ("5 zł 50 gr", "pl_PL", "number 0..<1, marker 2..<5 after, minor 9..<11, trailing digits"),
        ("35€99", "fr_FR", "number 0..<2, marker 2..<5 after, trailing digits"),
        ("-(5 $)", "en_US", "error multipleSigns at 1"),
        ("(5 $", "en_US", "error unbalancedParentheses at 0"),
        ("$5 €", "en_US", "error multipleMarkers at 3"),
        ("€€5", "en_US", "error multipleMarkers at 3"),
        ("", "en_US", "error empty at -"),
        ("$", "en_US", "error missingNumber at -"),
    ]

    @Test("The state machine's structure", arguments: machineCases)
    func machine(_ text: String, _ locale: String, _ expected: String) {
        #expect(Self.structure(text, locale) == expected)
    }

    // MARK: Separator inference (§3)

    /// The decimal separator §3 picks for a text's number (`","`, `"."`, or `none`), or the error.
    static func decimal(_ text: String, _ locale: String, currency: Currency) -> String {
        do throws(MoneyParseError) {
            return try withInput(text, locale) { bytes, profile throws(MoneyParseError) in
                var number = try machineResult(bytes, profile, hint: nil).structure.number
                let roles = profile.numbers.separatorRoles(strict: false, currency: currency.index)
                let reading = SeparatorReading(roles: roles, schemes: profile.numbers.groupingSchemes, minorUnits: currency.minorUnits)
                guard let mark = try number.decimalMark(reading, bytes: bytes) else { return "none" }
                let offset = Int(number.marks[mark].offset)
                return String(decoding: bytes[offset..<offset + Int(number.marks[mark].length)], as: UTF8.self)
            }
        } catch {
            return "error \(error.kind.name)"
        }
    }

    /// Each numbered rule of §3 "Which of `,` and `.` is the decimal separator", and the grouping rules.
    static let separatorCases: [(rule: String, text: String, locale: String, currency: Currency, decimal: String)] = [
        ("1: both appear, the last is decimal", "1,234.56", "de_DE", "EUR", "."),
        ("1: both appear, the last is decimal", "1.234,56", "en_US", "USD", ","),
        ("1: the last must appear once", "1.234,56,78", "de_DE", "EUR", "error multipleDecimalSeparators"),
        ("2: one appears more than once: it groups", "1.234.567", "en_US", "USD", "none"),
        ("3: once, not three digits after: decimal", "12.50", "de_DE", "EUR", "."),
        ("3: once, not three digits after: decimal", "12,5", "en_US", "USD", ","),
        ("4: once, three digits after: grouping", "1.234", "en_US", "USD", "none"),
        ("4: once, three digits after: grouping", "1,234", "de_DE", "EUR", "none"),
        ("4: three minor units: decimal", "1.234", "en_US", "KWD", "."),
        ("4: a lone 0 before it: decimal", "0.500", "de_DE", "EUR", "."),
        ("4: grouping impossible: decimal, then the fraction rule", "1234,567", "de_DE", "EUR", ","),
        ("5: a dash after it: decimal", "50,-", "cs_CZ", "CZK", ","),
        ("6: trailing decimal separator", "5.", "de_DE", "EUR", "."),
        ("grouping: a lone 0 never starts a group", "0,500.00", "en_US", "USD", "error invalidGrouping"),
        ("grouping: groups of the locale's sizes", "12,34,567.89", "hi_IN", "INR", "."),
        ("grouping: plain threes in lenient mode", "1,234,567.89", "hi_IN", "INR", "."),
        ("grouping: no group of two in en_US", "12,34", "en_US", "USD", ","),
    ]

    @Test("Separator inference, rule by rule", arguments: separatorCases)
    func separators(_ rule: String, _ text: String, _ locale: String, _ currency: Currency, _ expected: String) {
        #expect(Self.decimal(text, locale, currency: currency) == expected, "§3 rule \(rule)")
    }

    // MARK: Currency resolution (§4)

    /// The currency §4 resolves a text's markers to, or the error.
    static func currency(_ text: String, _ locale: String, hint: Currency?) -> String {
        do throws(MoneyParseError) {
            return try withInput(text, locale) { bytes, profile throws(MoneyParseError) in
                var (structure, resolution) = try machineResult(bytes, profile, hint: hint)
                return try resolution.currency(of: &structure).code
            }
        } catch {
            return "error \(error.kind.name)"
        }
    }

    /// Each rule of §4 "Which currency (in this order)".
    static let resolutionCases: [(rule: String, text: String, locale: String, hint: Currency?, expected: String)] = [
        ("1: a marker that can denote the hint is the hint", "$5", "en_US", "CAD", "CAD"),
        ("2: an ISO code is that code", "5 usd", "en_US", nil, "USD"),
        ("2: an ISO code against another hint", "5 usd", "en_US", "EUR", "error currencyMismatch"),
        ("2a: a form of the region's currency", "$5", "en_HK", nil, "HKD"),
        ("2a: a lower-case code that is a form of the region's currency", "80 bob", "sw_KE", nil, "KES"),
        ("3: the standard symbol of one current currency in the locale", "$5", "en_CA", nil, "CAD"),
        ("3: the standard symbol of one current currency in the locale", "5 kr", "sv_SE", nil, "SEK"),
        ("3b: a unit word of several: the reference currency", "10 dollars", "en_GB", nil, "USD"),
        ("3b: a unit word of several, no reference currency", "10 francs", "de_DE", nil, "error ambiguousCurrency"),
        ("4: a symbol of one current currency across all locales", "zł 5", "en_US", nil, "PLN"),
        ("5: a name of one currency, current or not", "French francs 5", "en_US", nil, "FRF"),
        ("6: otherwise ambiguous", "$20", "en_GB", nil, "error ambiguousCurrency"),
        ("no marker: the hint", "5", "en_US", "EUR", "EUR"),
        ("no marker: the region's currency", "5", "de_CH", nil, "CHF"),
        ("no marker, no region", "5", "en", nil, "error missingCurrency"),
        ("a marker other than the hint", "€5", "en_US", "USD", "error currencyMismatch"),
    ]

    @Test("Currency resolution, rule by rule", arguments: resolutionCases)
    func resolution(_ rule: String, _ text: String, _ locale: String, _ hint: Currency?, _ expected: String) {
        #expect(Self.currency(text, locale, hint: hint) == expected, "§4 rule \(rule)")
    }
}
