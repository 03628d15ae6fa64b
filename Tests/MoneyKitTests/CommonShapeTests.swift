import Foundation
@testable import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// The common shape (Sources/MoneyKit/Parser/CommonShape.swift): what it reads, what it
/// declines, and that whatever it reads the general machine reads to the same money.
@Suite struct CommonShapeTests {
    /// The exact representation of a money: amount fields (not only value equality) and currency.
    static func exact(_ money: Money) -> String {
        let fields = DecimalFields.fields(of: money.amount)
        return "\(money.amount) \(money.currency.code) \(fields.map { "\($0.significand)e\($0.exponent)\($0.isNegative ? "-" : "")" } ?? "?")"
    }

    @Test("Every corpus row the common shape reads, the general machine reads to the same money")
    func everyCorpusRowAgrees() {
        var read = 0
        var disagreements: [String] = []
        for row in TestData.cases {
            guard let locale = row.locale, row.invalidOptions == nil else { continue }
            let hint = row.currency.flatMap { try? Currency(code: $0) }
            let parser = MoneyParser(locale: Locale(identifier: locale), currency: hint, options: row.options ?? .init())
            guard let shortcut = parser.commonShapeReading(row.input) else { continue }
            read += 1
            let general = Result { () throws(MoneyParseError) in try parser.parse(row.input, route: .generalOnly) }
            let generalText = (try? general.get()).map(Self.exact) ?? "an error"
            if generalText != Self.exact(shortcut) {
                disagreements.append("\(row.testDescription): shape \(Self.exact(shortcut)), general \(generalText)")
            }
        }
        // The corpora are written to cover the other forms (names, unit words, CJK numerals,
        // compact multipliers, garbage): 455 of their 6,288 rows have the common shape.
        #expect(read >= 400, "rows the common shape reads: \(read)")
        #expect(disagreements.isEmpty, "\(disagreements.count) rows:\n\(disagreements.prefix(40).joined(separator: "\n"))")
    }

    /// Texts the shape reads, with the money (the general machine's too: checked here again).
    static let readCases: [(String, String, String)] = [
        ("CHF 1'234.50", "de_CH", "1234.5 CHF"),
        ("CHF 1’234.50", "de_CH", "1234.5 CHF"),
        ("1 234,56 €", "fr_FR", "1234.56 EUR"),
        ("1\u{202F}234,56\u{A0}€", "fr_FR", "1234.56 EUR"),
        ("5 €", "fr_FR", "5 EUR"),
        ("-12,50 €", "de_DE", "-12.5 EUR"),
        ("1.234 €", "de_DE", "1234 EUR"),
        ("EUR 1.234.567,89", "de_DE", "1234567.89 EUR"),
        ("$1,234.56", "en_US", "1234.56 USD"),
        ("-$5", "en_US", "-5 USD"),
        ("\u{2212}1\u{A0}234,50\u{A0}kr", "sv_SE", "-1234.5 SEK"),
        ("\u{2013}5 €", "de_DE", "-5 EUR"),
        ("－$5", "en_US", "-5 USD"),
        ("1,234", "en_US", "1234 USD"),
        ("1234.5", "en_US", "1234.5 USD"),
        ("0.50", "en_US", "0.5 USD"),
        ("-0", "en_US", "0 USD"),
        ("USD12", "en_US", "12 USD"),
        ("12 USD", "en_US", "12 USD"),
        ("$999999999999999999", "en_US", "999999999999999999 USD"),
        ("￥1,234", "ja_JP", "1234 JPY"),
        ("¥1,234", "ja_JP", "1234 JPY"),
        ("₹12,34,567.89", "hi_IN", "1234567.89 INR"),
        ("1 500 Kč", "cs_CZ", "1500 CZK"),
        ("R$ 10,50", "pt_BR", "10.5 BRL"),
    ]

    @Test("The common shape reads", arguments: readCases)
    func reads(_ text: String, _ locale: String, _ expected: String) throws {
        let parser = MoneyParser(locale: Locale(identifier: locale))
        let shortcut = try #require(parser.commonShapeReading(text))
        #expect(shortcut.description == expected)
        #expect(Self.exact(try parser.parse(text, route: .generalOnly)) == Self.exact(shortcut))
    }

    /// Texts the shape declines, each for a reason of its own; the general machine decides them.
    static let declinedCases: [(String, String)] = [
        ("5 dollars", "en_US"),          // a unit word
        ("$5 €", "en_US"),               // two markers
        ("$5$", "en_US"),
        ("05 $", "en_US"),               // a leading zero
        ("$0,500", "en_US"),             // a lone 0 before a group
        ("1,23 $", "en_US"),             // a group of two
        ("1234,567 $", "en_US"),         // a first group too long
        ("12.345 $", "en_US"),           // three digits after a lone decimal separator (§3 rule 4)
        ("1.999 $", "en_US"),
        ("$5.", "en_US"),                // a decimal separator with no digits after it
        ("$.5", "en_US"),
        (" $5", "en_US"),                // spaces around the text
        ("$5 ", "en_US"),
        ("$  5", "en_US"),               // two spaces
        ("+$5", "en_US"),                // other signs
        ("$-5", "en_US"),
        ("--5 $", "en_US"),              // two signs
        ("\u{2014}5 $", "en_US"),        // an em dash is no minus (§2)
        ("5-", "en_US"),
        ("($5)", "en_US"),
        ("usd 5", "en_US"),              // a lower-case code (§4 rule 2's exception)
        ("€5", "en_US"),                 // another currency
        ("$1234567890123456789", "en_US"),  // 19 digits
        ("1 234,5 €", "en_US"),          // another locale's separators
        ("5 kr", "en_US"),
        ("1.234,56", "fr_FR"),
        ("", "en_US"),
        ("-", "en_US"),
        ("$", "en_US"),
    ]

    @Test("The common shape declines", arguments: declinedCases)
    func declines(_ text: String, _ locale: String) {
        #expect(MoneyParser(locale: Locale(identifier: locale)).commonShapeReading(text) == nil)
    }

    @Test("One group before three digits is the currency's to decide when it has three minor units (§3 rule 4)")
    func threeMinorUnits() throws {
        let tunisian = MoneyParser(locale: Locale(identifier: "fr_TN"))
        #expect(try #require(tunisian.profile.commonShape).minorUnits == 3)
        #expect(tunisian.commonShapeReading("1 234 TND") == nil)
        #expect(tunisian.commonShapeReading("1 234,5 TND")?.description == "1234.5 TND")
        #expect(tunisian.commonShapeReading("1 234 567 TND")?.description == "1234567 TND")
        #expect(try tunisian.parse("1 234,5 TND", route: .generalOnly).description == "1234.5 TND")
        #expect(try tunisian.parse("1 234 567 TND", route: .generalOnly).description == "1234567 TND")
    }

    @Test("Parsers that cannot use the shape do not try it")
    func parsersThatDoNotTry() {
        let usEnglish = Locale(identifier: "en_US")
        #expect(MoneyParser(locale: usEnglish).commonShapeReading("$5")?.description == "5 USD")
        #expect(MoneyParser(locale: usEnglish, currency: "USD").commonShapeReading("$5")?.description == "5 USD")
        // Another hint resolves `$` to itself (§4 rule 1), strict mode has rules of its own (§6).
        #expect(MoneyParser(locale: usEnglish, currency: "CAD").commonShapeReading("$5") == nil)
        #expect(MoneyParser(locale: usEnglish, options: .strict).commonShapeReading("$5") == nil)
        // No region, no region currency, an unknown locale: no shape.
        #expect(MoneyParser(locale: Locale(identifier: "en")).commonShapeReading("5") == nil)
        #expect(MoneyParser(locale: Locale(identifier: "es_419")).commonShapeReading("5") == nil)
        #expect(MoneyParser(locale: Locale(identifier: "en_UK")).commonShapeReading("£5") == nil)
    }

    @Test("The shape's table comes from the locale's data")
    func tables() throws {
        let swiss = try #require(LocaleProfile.profile(for: "de_CH").commonShape)
        #expect(swiss.currency.code == "CHF")
        #expect(swiss.decimal.bytes == Array(".".utf8))
        #expect(swiss.grouping.all == ["'", "\u{2019}", "\u{2BC}", "\u{2018}"].map { Array($0.utf8) })
        #expect((swiss.primaryGroup, swiss.secondaryGroup) == (3, 3))
        let indian = try #require(LocaleProfile.profile(for: "hi_IN").commonShape)
        #expect((indian.primaryGroup, indian.secondaryGroup) == (3, 2))
        #expect(indian.markers.all == ["₹", "INR"].map { Array($0.utf8) })
        let japanese = try #require(LocaleProfile.profile(for: "ja_JP").commonShape)
        #expect(japanese.markers.all == ["￥", "¥", "JPY"].map { Array($0.utf8) })
        #expect(japanese.minorUnits == 0)
        #expect(japanese.minusSigns.all.count == 6)
        // In pt_CV the decimal separator is `$` (ICU's monetary decimal symbol there).
        let capeVerdean = try #require(LocaleProfile.profile(for: "pt_CV").commonShape)
        #expect(capeVerdean.decimal.bytes == Array("$".utf8))
        #expect(capeVerdean.markers.all == [Array("CVE".utf8)])
        // No region, no shape.
        #expect(LocaleProfile.profile(for: "fr").commonShape == nil)
    }
}
