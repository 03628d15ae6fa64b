import Foundation
import MoneyKit
import TestSupport
import Testing

@Suite struct CurrencyTests {
    @Test func codesMatchCaseInsensitively() throws {
        let franc = try Currency(code: "chf")
        #expect(franc.code == "CHF")
        #expect(franc.minorUnits == 2)
        #expect(franc.cashRoundingIncrement == Decimal(string: "0.05"))
        #expect(franc.roundingIncrement == Decimal(string: "0.01"))
        #expect(franc.isCurrent)
    }

    @Test(arguments: [("JPY", 0), ("KWD", 3), ("BHD", 3), ("EUR", 2), ("CLF", 4)])
    func minorUnitsComeFromICU(code: String, digits: Int) throws {
        #expect(try Currency(code: code).minorUnits == digits)
    }

    @Test(arguments: ["XYZ", "EU", "EURO", "€", ""])
    func unknownCodesThrowNamingTheCode(code: String) {
        #expect(throws: Currency.UnknownCodeError(code: code)) { try Currency(code: code) }
        let error = Currency.UnknownCodeError(code: code)
        #expect((error as any Error).localizedDescription == "\"\(code)\" is not an ISO 4217 currency code ICU knows.")
    }

    @Test func historicCurrenciesAreKnownButNotCurrent() throws {
        let franc = try Currency(code: "FRF")
        #expect(!franc.isCurrent)
        #expect(Currency.allKnown.count > 280)
        #expect(Currency.allKnown.filter(\.isCurrent).count > 140)
    }

    @Test func literalsAndDescription() {
        let euro: Currency = "EUR"
        #expect(euro.description == "EUR")
        #expect(euro == (try? Currency(code: "eur")))
    }

    @Test func codableAsCode() throws {
        let data = try JSONEncoder().encode(Currency(stringLiteral: "GBP"))
        #expect(String(decoding: data, as: UTF8.self) == "\"GBP\"")
        #expect(try JSONDecoder().decode(Currency.self, from: Data("\"usd\"".utf8)) == "USD")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Currency.self, from: Data("\"XYZ\"".utf8)) }
    }
}

@Suite struct MoneyTests {
    @Test func equalityIgnoresTrailingZeros() throws {
        let a = Money(try #require(Decimal(plainText: "1234.50")), "EUR")
        let b = Money(try #require(Decimal(plainText: "1234.5")), "EUR")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.description == "1234.5 EUR")
    }

    @Test func codableKeepsTheAmountExact() throws {
        let money = Money(try #require(Decimal(plainText: "12345678901234567890.123456789")), "USD")
        let data = try JSONEncoder().encode(money)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"amount\":\"12345678901234567890.123456789\""))
        #expect(try JSONDecoder().decode(Money.self, from: data) == money)
    }

    @Test(arguments: [("-1234.50", "-1234.5"), ("0.000", "0"), ("1000", "1000"), ("0.05", "0.05"), ("-0", "0"),
                      ("99999999999999999999999999999999999999", "99999999999999999999999999999999999999"),
                      ("0.00000000000000000000000000000000000001", "0.00000000000000000000000000000000000001"),
                      ("-9999999999999999999.9999999999999999999", "-9999999999999999999.9999999999999999999"),
                      ("18446744073709551616", "18446744073709551616"), ("100.10", "100.1"), ("5", "5")])
    func plainTextRoundTrips(text: String, canonical: String) throws {
        #expect(try #require(Decimal(plainText: text)).plainText == canonical)
    }

    /// `plainText` writes digits itself (fxparse writes one per row); it must say what
    /// Foundation's own digits say, for significands of every length and exponents both ways.
    @Test func plainTextAgreesWithFoundationsDigits() {
        func reference(_ value: Decimal) -> String {
            if value.isZero { return "0" }
            var digits = value.significand.description
            let exponent = value.exponent
            var text: String
            if exponent >= 0 {
                text = digits + String(repeating: "0", count: exponent)
            } else {
                let fractionCount = -exponent
                if digits.count <= fractionCount { digits = String(repeating: "0", count: fractionCount - digits.count + 1) + digits }
                var fraction = digits.suffix(fractionCount)
                while fraction.last == "0" { fraction = fraction.dropLast() }
                let integer = digits.dropLast(fractionCount)
                text = fraction.isEmpty ? String(integer) : "\(integer).\(fraction)"
            }
            return value.sign == .minus ? "-" + text : text
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed seed: the same 10,000 values every run
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        for _ in 0..<10_000 {
            let length = Int(next() % 38) + 1
            var significand = Decimal(0)
            for _ in 0..<length { significand = significand * 10 + Decimal(Int(next() % 10)) }
            let value = Decimal(sign: next() % 2 == 0 ? .plus : .minus, exponent: Int(next() % 61) - 30, significand: significand)
            #expect(value.plainText == reference(value), "\(value)")
        }
    }

    @Test func exactWaysIn() throws {
        let fromText = try Money("19.99", "USD")
        #expect(fromText.description == "19.99 USD")
        #expect(Money(minorUnits: 1999, "USD") == fromText)
        #expect(Money(try #require(Decimal(string: "19.99")), "USD") == fromText)
        #expect(Money(12, "JPY").description == "12 JPY")
        #expect(Money(minorUnits: 1999, "JPY").description == "1999 JPY")
        #expect(Money(minorUnits: -1999, "KWD").description == "-1.999 KWD")
        #expect(Money(minorUnits: Int.min, "USD").description == "-92233720368547758.08 USD")
        #expect(try Money("-0.050", "EUR").description == "-0.05 EUR")
    }

    /// (text, kind, offset, excerpt)
    static let plainTextErrors: [(String, String, Int?, String?)] = [
        ("19,99", "unexpectedCharacter", 2, ","), ("", "empty", nil, nil), ("1.2.3", "multipleDecimalSeparators", 3, "."),
        ("-", "missingNumber", nil, nil), ("€5", "unexpectedCharacter", 0, "€"), ("5€", "unexpectedCharacter", 1, "€"),
        ("1e5", "unexpectedCharacter", 1, "e"), ("+5", "unexpectedCharacter", 0, "+"), ("5-", "unexpectedCharacter", 1, "-"),
        (" 5", "unexpectedCharacter", 0, " "), (String(repeating: "9", count: 39), "overflow", 0, nil),
    ]

    @Test(arguments: plainTextErrors)
    func moneyFromTextNamesWhatIsWrong(text: String, kind: String, offset: Int?, excerpt: String?) {
        let kinds: [MoneyParseError.Kind] = [.unexpectedCharacter, .empty, .multipleDecimalSeparators, .missingNumber, .overflow]
        let expected = kinds.first { $0.name == kind }!
        #expect(throws: MoneyParseError(expected, offset: offset, excerpt: excerpt)) { try Money(text, "USD") }
    }

    @Test(arguments: ["1e5", "1,000", "", "-", ".", "1.2.3", "+5", " 5", "0x10"])
    func plainTextRejectsEverythingElse(text: String) {
        #expect(Decimal(plainText: text) == nil)
    }
}

@Suite struct ParserAPITests {
    let en = Locale(identifier: "en_US")

    @Test func staticAndPreparedParsersAgree() throws {
        let swiss = Locale(identifier: "de_CH")
        let prepared = MoneyParser(locale: swiss)
        let expected = Money(try #require(Decimal(plainText: "1234.5")), "CHF")
        #expect(try prepared.parse("CHF 1'234.50") == expected)
        #expect(try MoneyParser.parse("CHF 1'234.50", locale: swiss) == expected)
    }

    @Test func bcp47TagsWork() throws {
        let money = try MoneyParser.parse("1.234,56 €", locale: Locale(identifier: "de-DE"))
        #expect(money == Money(try #require(Decimal(plainText: "1234.56")), "EUR"))
    }

    @Test func tooLongIsRejectedBeforeScanning() {
        let text = String(repeating: "1", count: MoneyParser.maximumInputLength + 1)
        #expect(throws: MoneyParseError(.tooLong, offset: MoneyParser.maximumInputLength)) {
            try MoneyParser.parse(text, locale: en)
        }
        // The offset is the start of the first character that does not fit, never inside one:
        // here `€` takes bytes 1,023 to 1,025.
        let straddling = String(repeating: "1", count: MoneyParser.maximumInputLength - 1) + "€"
        #expect(throws: MoneyParseError(.tooLong, offset: MoneyParser.maximumInputLength - 1)) {
            try MoneyParser.parse(straddling, locale: en)
        }
        // Exactly at the limit it is scanned (and here fails for its size, not its length).
        let atLimit = String(repeating: "1", count: MoneyParser.maximumInputLength)
        #expect(throws: MoneyParseError.self) { try MoneyParser.parse(atLimit, locale: en) }
    }

    /// fxparse's byte entry point gives what the text one gives, on every corpus row (money,
    /// or the same error with its kind, offset and excerpt) and at the length limit.
    @Test func validUTF8BytesParseAsTheirText() throws {
        func both(_ parser: MoneyParser, _ text: String) -> (Result<Money, MoneyParseError>, Result<Money, MoneyParseError>) {
            let fromText = Result { () throws(MoneyParseError) in try parser.parse(text) }
            let fromBytes = Array(text.utf8).withUnsafeBufferPointer { bytes in
                Result { () throws(MoneyParseError) in try parser.parse(validUTF8: bytes) }
            }
            return (fromText, fromBytes)
        }
        var compared = 0
        for row in TestData.cases {
            guard let locale = row.locale, row.invalidOptions == nil else { continue }
            let parser = MoneyParser(locale: Locale(identifier: locale), currency: row.currency.flatMap { (try? Currency(code: $0)) },
                                     options: row.options ?? .init())
            let (fromText, fromBytes) = both(parser, row.input)
            #expect(fromText == fromBytes, "\(row)")
            compared += 1
        }
        #expect(compared > 5_000)
        let tooLong = both(MoneyParser(locale: en), String(repeating: "1", count: MoneyParser.maximumInputLength + 1))
        #expect(tooLong.1 == .failure(MoneyParseError(.tooLong, offset: MoneyParser.maximumInputLength)))
        #expect(tooLong.0 == tooLong.1)
    }

    @Test func errorsCarryKindOffsetAndExcerpt() {
        do {
            _ = try MoneyParser.parse("12 €x", locale: Locale(identifier: "de_DE"))
            Issue.record("expected an error")
        } catch {
            #expect(error == MoneyParseError(.unexpectedCharacter, offset: 6, excerpt: "x"))
            #expect(error.description == "\"x\" at offset 6 has no place in an amount: remove it, or check it is a currency symbol or code the parser knows.")
        }
    }

    @Test func ambiguityListsTheCandidates() {
        do {
            _ = try MoneyParser.parse("Rs 500", locale: en)
            Issue.record("expected an error")
        } catch {
            guard case .ambiguousCurrency(let candidates) = error.kind else {
                Issue.record("got \(error)")
                return
            }
            let codes = Set(candidates.map(\.code))
            #expect(codes.isSuperset(of: ["INR", "PKR", "LKR", "NPR"]))
            #expect(error.offset == 0)
        }
    }

    @Test func mismatchNamesBothCurrencies() {
        #expect(throws: MoneyParseError(.currencyMismatch(found: "EUR", expected: "USD"), offset: 0, excerpt: "€")) {
            try MoneyParser(locale: en, currency: "USD").parse("€5")
        }
    }

    @Test(arguments: [
        (FloatingPointRoundingRule.toNearestOrEven, "2.5050", "2.5"), (.toNearestOrEven, "2.5150", "2.52"),
        (.toNearestOrAwayFromZero, "2.5050", "2.51"), (.towardZero, "2.5099", "2.5"), (.awayFromZero, "2.5001", "2.51"),
        (.toNearestOrEven, "-2.5050", "-2.5"), (.toNearestOrAwayFromZero, "-2.5050", "-2.51"), (.toNearestOrEven, "0.0049", "0"),
        (.up, "2.5001", "2.51"), (.up, "-2.5099", "-2.5"), (.down, "2.5099", "2.5"), (.down, "-2.5001", "-2.51"),
    ])
    func roundingRules(rule: FloatingPointRoundingRule, input: String, expected: String) throws {
        let parser = MoneyParser(locale: en, currency: "USD", options: .init(excessFractionDigits: .round(rule)))
        #expect(try parser.parse(input) == Money(try #require(Decimal(plainText: expected)), "USD"))
    }

    @Test func keepingSurplusDigits() throws {
        let parser = MoneyParser(locale: en, currency: "USD", options: .init(excessFractionDigits: .keep))
        #expect(try parser.parse("$2.50501") == Money(try #require(Decimal(plainText: "2.50501")), "USD"))
    }

    @Test func surplusDigitsPointAtTheFirstExtraDigit() {
        #expect(throws: MoneyParseError(.tooManyFractionDigits, offset: 5, excerpt: "01")) {
            try MoneyParser(locale: en, currency: "USD").parse("$2.5001")
        }
    }

    @Test func nonContiguousStringsParse() throws {
        // A bridged or substring-built String may not be contiguous UTF-8.
        let text = String("xx1,234.56 $".dropFirst(2))
        #expect(try MoneyParser.parse(text, locale: en) == Money(try #require(Decimal(plainText: "1234.56")), "USD"))
    }

    @Test func concurrentParsesAgreeWithSerialOnes() async throws {
        let locales = ["de_DE", "fr_CH", "en_IN", "ar_EG", "ja_JP", "pt_BR", "sv_SE", "he_IL"]
        let inputs = ["1.234,56", "1 234.56", "₹1,23,456.00", "١٬٢٣٤٫٥٦", "１２３", "R$ 10,00", "100 kr", "5"]
        var serial: [String] = []
        for locale in locales {
            for input in inputs {
                serial.append((try? MoneyParser.parse(input, locale: Locale(identifier: locale)).description) ?? "error")
            }
        }
        let concurrent = await withTaskGroup(of: (Int, String).self) { group in
            for (index, pair) in locales.flatMap({ l in inputs.map { (l, $0) } }).enumerated() {
                group.addTask {
                    (index, (try? MoneyParser.parse(pair.1, locale: Locale(identifier: pair.0)).description) ?? "error")
                }
            }
            var results = Array(repeating: "", count: locales.count * inputs.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(concurrent == serial)
    }

    @Test("Options read and write their words", arguments: [
        ("", "lenient"), ("lenient", "lenient"), ("strict", "strict"), ("keep", "lenient keep"),
        ("strict round", "strict round"), ("round-half-even", "lenient round"), ("round-half-up", "lenient round-half-up"),
        ("strict round-toward-zero", "strict round-toward-zero"), ("round-away-from-zero", "lenient round-away-from-zero"),
        ("round-ceiling", "lenient round-ceiling"), ("strict round-floor", "strict round-floor"),
    ])
    func optionWords(text: String, written: String) throws {
        let options = try #require(MoneyParser.Options(text))
        #expect(options.description == written)
        #expect(MoneyParser.Options(written) == options)
    }

    @Test("Options encode as their words", arguments: [
        ("strict round-half-up", #"{"excessFractionDigits":"round-half-up","mode":"strict"}"#),
        ("", #"{"excessFractionDigits":"reject","mode":"lenient"}"#),
        ("keep", #"{"excessFractionDigits":"keep","mode":"lenient"}"#),
    ])
    func optionsCodable(text: String, json: String) throws {
        let options = try #require(MoneyParser.Options(text))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(options), as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(MoneyParser.Options.self, from: Data(json.utf8)) == options)
    }

    @Test func unknownExcessDigitWordDoesNotDecode() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MoneyParser.Options.self, from: Data(#"{"excessFractionDigits":"round-sideways","mode":"lenient"}"#.utf8))
        }
    }

    @Test("Unknown option words are rejected", arguments: ["strict fast", "round=halfEven", "STRICT"])
    func unknownOptionWords(text: String) {
        #expect(MoneyParser.Options(text) == nil)
    }
}

/// Locales ICU does not know are refused with the nearest known identifier (Docs/ParsingRules.md §1).
@Suite struct LocaleValidationTests {
    static let unknown: [(String, String?)] = [
        ("en_UK", "en_GB"), ("ger_DE", "de_DE"), ("iw_IL", "he_IL"), ("fr_XY", "fr_FR"), ("in_ID", "id_ID"),
        ("xx", nil), ("klingon", nil), ("zz_ZZ", nil), ("en_US!", nil),
    ]

    @Test(arguments: unknown)
    func unknownLocalesAreRefusedWithTheNearestKnownOne(identifier: String, nearest: String?) {
        let expected = MoneyParseError(.unknownLocale(nearest: nearest), excerpt: identifier)
        #expect(throws: expected) { try MoneyParser.validate(Locale(identifier: identifier)) }
        #expect(throws: expected) { try MoneyParser(locale: Locale(identifier: identifier)).parse("20") }
    }

    @Test func theMessageSuggestsTheNearestIdentifier() {
        let error = MoneyParseError(.unknownLocale(nearest: "en_GB"), excerpt: "en_UK")
        #expect(error.description == "The locale \"en_UK\" is not one ICU knows; did you mean en_GB?")
        #expect(MoneyParseError(.unknownLocale(nearest: nil), excerpt: "xx").description
            == "The locale \"xx\" is not one ICU knows; use an identifier such as en_US or de_CH.")
    }

    @Test(arguments: ["en-GB", "en_GB", "fr_US", "de_DE@currency=EUR", "en_US_POSIX", "und", "root", "es_419",
                      "sr_Latn_RS", "zh_Hant_TW", "pt_AO", "en_001"])
    func knownLocalesAreAccepted(identifier: String) throws {
        try MoneyParser.validate(Locale(identifier: identifier))
    }

    @Test func everyICULocaleIsKnown() throws {
        let refused = MoneyParser.availableLocaleIdentifiers.filter {
            (try? MoneyParser.validate(Locale(identifier: $0))) == nil
        }
        #expect(refused.isEmpty, "\(refused)")
    }
}
