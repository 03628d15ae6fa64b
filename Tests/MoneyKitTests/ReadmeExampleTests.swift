import Foundation
import MoneyKit
import MoneyKitExchange
import Testing

/// The README's API example, line for line, with the output it shows.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README example begins ---
        let swiss = MoneyParser(locale: Locale(identifier: "de_CH"))
        print(try swiss.parse("CHF 1'234.50"))
        print(try MoneyParser.parse("1 234,56 €", locale: Locale(identifier: "fr_FR")))
        print(try MoneyParser.parse("1.234", locale: Locale(identifier: "en_US")))
        print(try MoneyParser.parse("١٬٢٣٤٫٥٦ ج.م.‏", locale: Locale(identifier: "ar_EG")))

        let ukField = MoneyParser(locale: Locale(identifier: "en_GB"))
        do {
            _ = try ukField.parse("$20")
        } catch {
            print(error.kind.name)
            print(error)
        }
        let dollarField = MoneyParser(locale: Locale(identifier: "en_GB"), currency: "USD")
        print(try dollarField.parse("$20"))
        // --- README example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines.prefix(4) == ["1234.5 CHF", "1234.56 EUR", "1234 USD", "1234.56 EGP"])
        #expect(lines[4] == "ambiguousCurrency")
        #expect(lines.last == "20 USD")
    }

    @Test func readmeFormattingExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README formatting example begins ---
        let de = Locale(identifier: "de_DE")
        let price = try Money("1.234,56 €", format: .money(locale: de))
        print(price.formatted(.money(locale: de)))
        print(price.formatted(.money(locale: Locale(identifier: "fr_CH"), style: .isoCode)))

        let lakh = Money(Decimal(string: "1234567.89")!, "INR")
        print(MoneyFormatter(locale: Locale(identifier: "en_IN")).format(lakh))
        print(MoneyFormatter(locale: Locale(identifier: "en_US"), style: .name).format(Money(1, "USD")))
        print(MoneyFormatter(locale: Locale(identifier: "fr_FR"), style: .name).format(Money(Decimal(string: "1.5")!, "EUR")))
        print(MoneyFormatter(locale: Locale(identifier: "en_US"), accounting: true).format(Money(-5, "USD")))
        print(MoneyFormatter(locale: Locale(identifier: "de_CH")).fractionDigits(.cash).format(Money(Decimal(string: "1.234")!, "CHF")))
        print(MoneyFormatter(locale: Locale(identifier: "ja_JP")).format(Money(Decimal(string: "1234.5")!, "JPY")))
        // --- README formatting example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines == ["1.234,56\u{A0}€", "1\u{202F}234.56\u{A0}EUR", "₹12,34,567.89", "1.00 US dollars", "1,50 euro",
                          "($5.00)", "CHF\u{A0}1.25", "￥1,234"])
    }

    @Test func readmeArithmeticExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README arithmetic example begins ---
        let bill = Money(Decimal(string: "200.00")!, "USD")
        print(bill.allocated(into: 3))
        let swiss = MoneyFormatter(locale: Locale(identifier: "de_CH"))
        print(Money(200, "CHF").allocated(into: 3, unit: .cash).map(swiss.format).joined(separator: " + "))
        print(Money(200, "HUF").allocated(into: 3, unit: .cash))
        print(Money(1000, "JPY").allocated(byRatios: [1, 1, 1]))
        print(Money(100, "USD").divided(into: 3))

        print(Money(Decimal(string: "1.03")!, "CHF").rounded(to: .cash))
        print(Money(Decimal(string: "2.345")!, "USD").rounded())
        print(Money(Decimal(string: "2.345")!, "USD").rounded(rule: .toNearestOrEven))
        let tax = try Money(Decimal(string: "19.99")!, "USD").multiplied(by: Decimal(string: "0.0825")!)
        print(tax)
        print(tax.rounded())
        do {
            _ = try bill.adding(Money(1, "EUR"))
        } catch {
            print(error)
        }
        // --- README arithmetic example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines == ["[66.67 USD, 66.67 USD, 66.66 USD]", "CHF\u{A0}66.70 + CHF\u{A0}66.65 + CHF\u{A0}66.65",
                          "[67 HUF, 67 HUF, 66 HUF]", "[334 JPY, 333 JPY, 333 JPY]", "(share: 33.33 USD, remainder: 0.01 USD)",
                          "1.05 CHF", "2.35 USD", "2.34 USD", "1.649175 USD", "1.65 USD",
                          "cannot combine USD with EUR without a conversion"])
    }

    @Test func readmeConversionExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README conversion example begins (the fixture's path made absolute) ---
        let data = try Data(contentsOf: TestData.directory.appendingPathComponent("exchange/eurofxref-daily.xml"))
        let rates = try ECBReferenceRates.parse(data)[0]
        print(rates.date)
        print(try rates.convert(Money(100, "EUR"), to: "USD"))
        print(try rates.convert(Money(100, "USD"), to: "JPY"))
        print(try rates.convert(Money(10, "EUR"), to: "CHF", unit: .cash))
        do {
            _ = try rates.convert(Money(100, "USD"), to: "KWD")
        } catch {
            print(error)
        }
        // --- README conversion example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines == ["2026-11-20", "105.23 USD", "15478 JPY", "9.3 CHF", "no exchange rate for KWD on 2026-11-20"])
    }

    @Test func readmeNumeralsExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README numerals example begins ---
        let japan = MoneyParser(locale: Locale(identifier: "ja_JP"))
        print(try japan.parse("1万2千円"))
        print(try japan.parse("金10,000円也"))
        print(try MoneyParser.parse("一千二百三十四元五角六分", locale: Locale(identifier: "zh_CN")))
        print(try MoneyParser.parse("三块五", locale: Locale(identifier: "zh_CN")))
        print(try MoneyParser.parse("3억 5천만 원", locale: Locale(identifier: "ko_KR")))
        print(try MoneyParser.parse("$1.2K", locale: Locale(identifier: "en_US")))
        print(try MoneyParser.parse("2,5 Mio. €", locale: Locale(identifier: "de_DE")))
        print(try MoneyParser.parse("1.5 lakh", locale: Locale(identifier: "en_IN")))
        // --- README numerals example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines == ["12000 JPY", "10000 JPY", "1234.56 CNY", "3.5 CNY", "350000000 KRW", "1200 USD", "2500000 EUR",
                          "150000 INR"])
    }

    @Test func readmeEverydayExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README everyday example begins ---
        print(try MoneyParser.parse("5 dollars", locale: Locale(identifier: "en_GB")))
        print(try MoneyParser.parse("100 рублей", locale: Locale(identifier: "ru_RU")))
        print(try MoneyParser.parse("KSh 1,500", locale: Locale(identifier: "en_KE")))
        print(try MoneyParser.parse("5 zł 50 gr", locale: Locale(identifier: "pl_PL")))
        print(try MoneyParser.parse("99p", locale: Locale(identifier: "en_GB")))
        print(try MoneyParser.parse("12:50 kr", locale: Locale(identifier: "sv_SE")))
        print(try MoneyParser.parse("Rs. 500/-", locale: Locale(identifier: "en_IN")))
        print(try MoneyParser.parse("1,5 millones de euros", locale: Locale(identifier: "es_ES")))
        print(try MoneyParser.parse("$100 US", locale: Locale(identifier: "en_CA")))
        print(try MoneyParser.parse("五蚊六毫", locale: Locale(identifier: "zh_Hant_HK")))
        do {
            _ = try MoneyParser.parse("10 Indian", locale: Locale(identifier: "en_US"))
        } catch {
            print(error)
        }
        // --- README everyday example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines.prefix(10) == ["5 USD", "100 RUB", "1500 KES", "5.5 PLN", "0.99 GBP", "12.5 SEK", "500 INR", "1500000 EUR",
                                     "100 USD", "5.6 HKD"])
    }

    /// Expects the README to show these output lines as one block.
    @Test func readmeAcrossLanguagesExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README across-languages example begins ---
        print(try MoneyParser.parse("8 dolares", locale: Locale(identifier: "es_MX")))
        print(try MoneyParser.parse("3 Millionen australischen Dollar", locale: Locale(identifier: "de_DE")))
        print(try MoneyParser.parse("5千台湾ドル", locale: Locale(identifier: "ja_JP")))
        print(try MoneyParser.parse("3만 엔", locale: Locale(identifier: "ko_KR")))
        print(try MoneyParser.parse("214 milyar 543 milyon lira", locale: Locale(identifier: "tr_TR")))
        print(try MoneyParser.parse("7 dólares e 99 centavos", locale: Locale(identifier: "pt_BR")))
        print(try MoneyParser.parse("500 kSEK", locale: Locale(identifier: "sv_SE")))
        print(try MoneyParser.parse("5000 FCFA", locale: Locale(identifier: "fr_SN")))
        print(try MoneyParser.parse("△1,000円", locale: Locale(identifier: "ja_JP")))
        print(try MoneyParser.parse("壹仟万亿元", locale: Locale(identifier: "zh_CN")))
        // --- README across-languages example ends ---

        try Self.expectReadmeShows(lines)
        #expect(lines == ["8 USD", "3000000 AUD", "5000 TWD", "30000 JPY", "214543000000 TRY", "7.99 USD", "500000 SEK",
                          "5000 XOF", "-1000 JPY", "1000000000000000 CNY"])
    }

    static func expectReadmeShows(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let readme = try String(contentsOf: TestData.directory.deletingLastPathComponent().appendingPathComponent("README.md"),
                                encoding: .utf8)
        let output = lines.joined(separator: "\n")
        #expect(readme.contains(output), "README lacks the output block:\n\(output)", sourceLocation: sourceLocation)
    }
}
