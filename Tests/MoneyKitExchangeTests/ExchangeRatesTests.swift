import Foundation
import MoneyKit
import MoneyKitCorpus
import MoneyKitExchange
import TestSupport
import Testing

/// The rate fixtures of TestData/exchange read exactly, and conversions follow the table.
@Suite struct ExchangeRatesTests {
    static let directory = TestData.directory.appendingPathComponent("exchange")

    static func rates(_ file: String) throws -> ExchangeRates {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        if file.hasSuffix(".json") { return try JSONDecoder().decode(ExchangeRates.self, from: data) }
        return try #require(try ECBReferenceRates.parse(data).first)
    }

    @Test func dailyFileReadsExactly() throws {
        let rates = try Self.rates("eurofxref-daily.xml")
        #expect(rates.base == "EUR")
        #expect(rates.date == "2026-11-20")
        #expect(rates.rates.count == 30)
        #expect(rates.rate(for: "USD") == Decimal(plainText: "1.0523"))
        #expect(rates.rate(for: "IDR") == Decimal(plainText: "16715.33"))
        #expect(rates.rate(for: "GBP") == Decimal(plainText: "0.83248"))
        #expect(rates.rate(for: "EUR") == 1)
        #expect(rates.rate(for: "KWD") == nil)
    }

    @Test func historyFileReadsEveryDayNewestFirst() throws {
        let days = try ECBReferenceRates.parse(Data(contentsOf: Self.directory.appendingPathComponent("eurofxref-hist-90d.xml")))
        #expect(days.map(\.date) == ["2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17"])
        #expect(days.map(\.rates.count) == [30, 29, 30, 30])
        #expect(days[1].rate(for: "USD") == Decimal(plainText: "1.0544"))
        #expect(days[1].rate(for: "ISK") == nil)
        #expect(throws: ExchangeRates.ConversionError.missingRate("ISK", date: "2026-11-19")) {
            try days[1].convert(Money(1, "EUR"), to: "ISK")
        }
    }

    @Test("Malformed ECB documents are errors", arguments: [
        "<Cube><Cube time='2026-11-20'><Cube currency='USD' rate='1,05'/></Cube></Cube>",
        "<Cube><Cube time='2026-11-20'><Cube currency='USD' rate='-1'/></Cube></Cube>",
        "<Cube><Cube currency='USD' rate='1.05'/></Cube>",
        "<Cube><Cube time='20-11-2026'></Cube></Cube>",
        "<Cube><Cube time='2026-11-20'><Cube currency='USD' rate='1.05'/></Cube>",
        "<Cube></Cube>",
        "not xml at all",
    ])
    func malformedDocuments(text: String) {
        #expect(throws: ECBReferenceRates.FormatError.self) { try ECBReferenceRates.parse(Data(text.utf8)) }
    }

    @Test func jsonFormatRoundTrips() throws {
        let rates = try Self.rates("rates-usd.json")
        #expect(rates.base == "USD")
        #expect(rates.rate(for: "KWD") == Decimal(plainText: "0.30745"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(ExchangeRates(base: "EUR", date: "2026-11-20", rates: ["USD": Decimal(plainText: "1.0523")!])),
                          as: UTF8.self)
        #expect(json == #"{"base":"EUR","date":"2026-11-20","rates":{"USD":"1.0523"}}"#)
        #expect(try JSONDecoder().decode(ExchangeRates.self, from: encoder.encode(rates)) == rates)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ExchangeRates.self, from: Data(#"{"base":"EUR","date":"2026-11-20","rates":{"USD":"0"}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ExchangeRates.self, from: Data(#"{"base":"EUR","date":"2026-11-20","rates":{"QQQ":"1"}}"#.utf8))
        }
    }

    @Test("Conversion", arguments: Self.conversionRows())
    func conversion(row: [String: String]) throws {
        let rates = try Self.rates(row["rates"]!)
        let money = Money(try #require(Decimal(plainText: row["amount"]!)), try Currency(code: row["from"]!))
        let target = try Currency(code: row["to"]!)
        let unit: RoundingUnit = row["unit"] == "cash" ? .cash : .minor
        let expected = row["expected"]!
        if expected.hasPrefix("error:") {
            let missing = try Currency(code: String(expected.dropFirst(6)))
            #expect(throws: ExchangeRates.ConversionError.missingRate(missing, date: rates.date)) {
                try rates.convert(money, to: target, unit: unit)
            }
        } else {
            #expect(try rates.convert(money, to: target, unit: unit) == Money(try #require(Decimal(plainText: expected)), target),
                    "\(row["id"]!)")
        }
    }

    static func conversionRows() -> [[String: String]] {
        guard let table = try? CorpusTable(contentsOf: directory.appendingPathComponent("conversions.csv").path) else { return [] }
        return table.records.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0)) }
    }
}
