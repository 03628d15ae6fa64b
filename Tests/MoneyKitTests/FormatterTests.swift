import Foundation
import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// One row of TestData/roundtrip.csv, seen from the formatting side.
struct FormattingRow: Sendable, CustomTestStringConvertible {
    let id: String
    let expected: String
    let locale: String
    let money: Money
    let style: MoneyFormatter.Style
    let accounting: Bool
    let fractionDigits: MoneyFormatter.FractionDigits
    let grouping: MoneyFormatter.Grouping

    var testDescription: String { "\(id) \(money) [\(locale) \(style)]" }

    static let all: [FormattingRow] = {
        let url = TestData.directory.appendingPathComponent("roundtrip.csv")
        guard let table = try? CorpusTable(contentsOf: url.path) else { return [] }
        func column(_ record: [String], _ name: String) -> String {
            table.column(name).map { record[$0] } ?? ""
        }
        return table.records.compactMap { record in
            let amountText = column(record, "formatAmount").isEmpty ? column(record, "amount") : column(record, "formatAmount")
            guard let amount = Decimal(plainText: amountText), let currency = (try? Currency(code: column(record, "code"))),
                  let style = MoneyFormatter.Style(rawValue: column(record, "style")) else { return nil }
            let digits = column(record, "fractionDigits")
            return FormattingRow(
                id: column(record, "id"), expected: column(record, "input"), locale: column(record, "locale"),
                money: Money(amount, currency), style: style, accounting: column(record, "accounting") == "yes",
                fractionDigits: digits == "cash" ? .cash : (Int(digits).map { .exactly($0) } ?? .currency),
                grouping: column(record, "grouping") == "never" ? .never : .automatic)
        }
    }()
}

@Suite struct FormatterTests {
    @Test func roundTripCorpusIsPresent() {
        #expect(FormattingRow.all.count >= 70)
    }

    @Test("roundtrip.csv row formats to its input", arguments: FormattingRow.all)
    func formatsRow(_ row: FormattingRow) {
        let formatter = MoneyFormatter(locale: Locale(identifier: row.locale), style: row.style, accounting: row.accounting)
            .fractionDigits(row.fractionDigits).grouping(row.grouping)
        #expect(formatter.format(row.money) == row.expected)
    }

    let en = Locale(identifier: "en_US")

    @Test func readmeExamples() throws {
        #expect(MoneyFormatter(locale: Locale(identifier: "de_CH")).format(Money(try #require(Decimal(plainText: "1234.5")), "CHF"))
                == "CHF\u{A0}1’234.50")
        #expect(MoneyFormatter(locale: en, style: .name).format(Money(1, "USD")) == "1.00 US dollars")
        #expect(MoneyFormatter(locale: en, accounting: true).format(Money(-5, "USD")) == "($5.00)")
    }

    @Test func hugeDecimalsFormatExactly() throws {
        let big = try #require(Decimal(string: "1e50"))
        #expect(MoneyFormatter(locale: en).format(Money(big, "USD"))
                == "$100,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000.00")
        let tiny = try #require(Decimal(plainText: "0.000000000000000000000000000000000001"))
        #expect(MoneyFormatter(locale: en).format(Money(tiny, "USD")) == "$0.00")
        #expect(MoneyFormatter(locale: en).format(Money(-tiny, "USD")) == "-$0.00")
    }

    /// Text longer than the formatter's stack buffer continues in a heap spill; a scalar cut
    /// by that boundary must still come out whole (found by fuzz-roundtrip: an Adlam long
    /// name whose 4-byte letters straddled byte 256 came out as U+FFFD).
    @Test func textLongerThanTheStackBufferStaysWhole() throws {
        let money = Money(try #require(Decimal(plainText: "-555555555555555555555580000000009")), "MRU")
        let formatter = MoneyFormatter(locale: Locale(identifier: "ff_Adlm_SN"), style: .name, accounting: true)
        let written = formatter.format(money)
        #expect(written.utf8.count > 256)
        #expect(!written.unicodeScalars.contains("\u{FFFD}"))
        #expect(written == String(formatter.attributedFormat(money).characters))
        #expect(try MoneyParser(locale: Locale(identifier: "ff_Adlm_SN"), currency: "MRU").parse(written) == money)
    }

    @Test func explicitFractionDigitsAreClamped() {
        let formatter = MoneyFormatter(locale: en)
        #expect(formatter.fractionDigits(.exactly(-3)).format(Money(Decimal(12), "USD")) == "$12")
        #expect(formatter.fractionDigits(.exactly(4)).format(Money(Decimal(12), "JPY")) == "¥12.0000")
    }

    @Test func notANumberIsNotFormattedAsMoney() {
        #expect(MoneyFormatter(locale: en).format(Money(Decimal.nan, "USD")) == "NaN")
    }

    @Test func formatterIsAValue() {
        let base = MoneyFormatter(locale: en)
        let plain = base.grouping(.never)
        #expect(base.grouping == .automatic)
        #expect(plain.grouping == .never)
        #expect(plain.format(Money(Decimal(1234567), "USD")) == "$1234567.00")
    }
}

@Suite struct FormatStyleTests {
    let de = Locale(identifier: "de_DE")

    @Test func parsesAndFormats() throws {
        let money = try Money("1.234,56 €", format: .money(locale: de))
        #expect(money == Money(try #require(Decimal(plainText: "1234.56")), "EUR"))
        #expect(money.formatted(.money(locale: de)) == "1.234,56\u{A0}€")
        #expect(money.formatted(.money(locale: de, style: .isoCode)) == "1.234,56\u{A0}EUR")
        #expect(money.formatted(.money(locale: de, style: .name)) == "1.234,56 Euro")
    }

    @Test func parseStrategyUsesTheHint() throws {
        let ukDollars = Money.FormatStyle.money(locale: Locale(identifier: "en_GB"), currency: "USD")
        #expect(try ukDollars.parseStrategy.parse("$20") == Money(20, "USD"))
        #expect(try Money("$20", strategy: .money(locale: Locale(identifier: "en_GB"), currency: "USD")) == Money(20, "USD"))
    }

    @Test func parseErrorsAreMoneyParseErrors() {
        #expect(throws: MoneyParseError(.multipleMarkers, offset: 3, excerpt: "€")) {
            try Money("$5 €", format: .money(locale: Locale(identifier: "en_US")))
        }
    }

    @Test func modifiersAndCodable() throws {
        let style = Money.FormatStyle.money(locale: de, accounting: true).grouping(.never).fractionDigits(.exactly(3))
        #expect(style.format(Money(Decimal(-12345), "EUR")) == "-12345,000\u{A0}€")
        let data = try JSONEncoder().encode(style)
        #expect(try JSONDecoder().decode(Money.FormatStyle.self, from: data) == style)
        #expect(style.locale(Locale(identifier: "en_US")).format(Money(Decimal(-12345), "EUR")) == "(€12345.000)")
    }
}

/// Foundation habits: `formatted()` writes in the current locale.
@Suite struct CurrentLocaleFormattingTests {
    @Test func formattedUsesTheCurrentLocale() {
        let money = Money(1234, "EUR")
        #expect(money.formatted() == MoneyFormatter(locale: .current).format(money))
        #expect(money.formatted(.money()) == money.formatted(.money(locale: .current)))
        #expect(money.formatted(.money(locale: Locale(identifier: "de_DE"))) == "1.234,00\u{A0}€")
    }
}
