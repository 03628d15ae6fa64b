import Foundation
@testable import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// Money in free text (Extraction/, Docs/Extraction.md): every line of
/// TestData/extraction/extract.csv, then each rule on its own.
@Suite struct ExtractionTests {
    struct Line: Sendable, CustomTestStringConvertible {
        let id: String
        let locale: String
        let text: String
        let price: String
        let amounts: String
        var testDescription: String { "\(id) \(locale): \(text)" }
    }

    static let lines: [Line] = {
        let path = TestData.directory.appendingPathComponent("extraction/extract.csv").path
        guard let table = try? CorpusTable(contentsOf: path) else { return [] }
        let column = { (name: String) in table.column(name)! }
        return table.records.map {
            Line(id: $0[column("id")], locale: $0[column("locale")], text: $0[column("text")], price: $0[column("price")],
                 amounts: $0[column("amounts")])
        }
    }()

    /// `12.50 EUR` written as the corpus writes it: no trailing zeros.
    static func normalized(_ entry: Substring) -> String {
        let parts = entry.split(separator: " ")
        let values = parts[0].components(separatedBy: "..").map { Decimal(string: $0)!.plainText }
        return values.joined(separator: "..") + " " + parts[1]
    }

    @Test func theCorpusHasItsSize() {
        #expect(Self.lines.count >= 500)
        #expect(Set(Self.lines.map { $0.locale.prefix { $0 != "_" } }).count >= 12)
    }

    @Test(arguments: lines)
    func everyLineReadsAsExpected(_ line: Line) {
        let parser = MoneyParser(locale: Locale(identifier: line.locale))
        let matches = parser.matches(in: line.text)
        let expected = line.amounts.isEmpty ? [] : line.amounts.split(separator: ";").map(Self.normalized)
        #expect(matches.map(\.value.description) == expected)
        #expect(parser.price(in: line.text)?.value.description == (line.price.isEmpty ? nil : Self.normalized(line.price[...])))
        for match in matches {
            #expect(String(line.text[match.range]) == match.text)
            #expect(Array(line.text.utf8)[match.utf8Range].elementsEqual(match.text.utf8))
            #expect(Array(line.text.utf16)[match.utf16Range].elementsEqual(match.text.utf16))
        }
    }

    /// Everything the parser reads with a marker works inside text: every amount of the parse
    /// corpora that reads with a currency marker (lenient, no hint), found alone by
    /// `matches(in:)`, is found the same inside a sentence; and alone it is the whole input
    /// (less sentence punctuation at its end) with the corpus's money. Amounts in words
    /// included (the parser's second reading). Left out: negatives by parentheses or a
    /// trailing minus (punctuation and dashes in text), and amounts whose marker does not
    /// count in text (Docs/Extraction.md, "What counts": `P1,500` in en_US); their number
    /// is printed.
    @Test func everyCorpusAmountWithAMarkerIsFoundInASentence() {
        var parsers: [String: MoneyParser] = [:]
        var checked = 0
        var inWords = 0
        var notInText: [String] = []
        var failures: [String] = []
        for row in TestData.cases {
            guard case .amount(let amount, let code)? = row.expectation, let locale = row.locale, row.currency == nil,
                  row.options == nil || row.options == MoneyParser.Options(), !row.input.contains("\n"),
                  let currency = try? Currency(code: code), let value = Decimal(string: amount) else { continue }
            let parser = parsers[locale] ?? MoneyParser(locale: Locale(identifier: locale))
            parsers[locale] = parser
            let input = row.input.trimmingCharacters(in: .whitespaces)
            var bytes = Array(input.utf8)
            var reading = bytes.withUnsafeMutableBufferPointer { parser.textReading(UnsafeBufferPointer($0)) }
            let spelled = reading.money == nil && parser.readsOnlyInWords(input)
            if spelled {
                reading = bytes.withUnsafeMutableBufferPointer { parser.textReading(UnsafeBufferPointer($0), readsNumberWords: true) }
            }
            guard reading.money == Money(value, currency), reading.hasMarker, !reading.hasTrailingMinus,
                  !input.hasPrefix("("), !input.hasPrefix("\u{200E}("), value >= 0 || !input.contains("(") else { continue }
            bytes.removeAll()
            let alone = parser.matches(in: input)
            guard !alone.isEmpty else {
                notInText.append("\(row.id) \(locale) \(input)")
                continue
            }
            checked += 1
            if spelled { inWords += 1 }
            let expected = input.hasSuffix(",") || input.hasSuffix(";") ? String(input.dropLast()) : input
            if alone.map(\.text) != [expected] || alone.first?.money != Money(value, currency) {
                failures.append("\(row.id) \(locale) alone \(String(reflecting: input)): \(alone.map { "\($0.text) \($0.value)" })")
                continue
            }
            let inSentence = parser.matches(in: "Today: \(input) only")
            if inSentence.map(\.text) != [expected] || inSentence.first?.value != alone.first?.value {
                failures.append("\(row.id) \(locale) \(String(reflecting: input)): \(inSentence.map { "\($0.text) \($0.value)" })")
            }
        }
        print("every corpus amount with a marker: \(checked) found in text (\(inWords) in words), \(notInText.count) whose marker does not count in text: \(notInText.joined(separator: "; "))")
        #expect(checked > 3000)
        #expect(inWords > 300)
        #expect(failures.isEmpty, "\(failures.count) of \(checked):\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    static let en = MoneyParser(locale: Locale(identifier: "en_US"))
    static let de = MoneyParser(locale: Locale(identifier: "de_DE"))

    @Test func quantitiesBeforeAPriceAreNotMoney() {
        #expect(Self.en.matches(in: "2 pairs for $13.00").map(\.text) == ["$13.00"])
        #expect(Self.de.matches(in: "3 Ausgaben für nur 14,85 EUR").map(\.value.description) == ["14.85 EUR"])
        #expect(Self.en.matches(in: "2000 plates is $13,004").map(\.value.description) == ["13004 USD"])
    }

    @Test func numbersThatAreNoMoneyAreLeftOut() {
        for text in ["20% off everything", "RTX 4090 in stock", "iPhone 15 Pro", "1.5 L water, 500 g flour, 32 GB",
                     "Call 555-123-4567 today", "Open 9:30 to 17:00 on 2024-05-01", "15kg bag", "10 m of cable",
                     "Bel 020 123 4567"] {
            #expect(Self.en.matches(in: text).isEmpty, "\(text)")
        }
    }

    /// A symbol of letters alone that could be a word counts only as the locale's own
    /// currency; other symbols of other currencies count anywhere.
    @Test func lettersThatCouldBeWordsAreMarkersOnlyAtHome() {
        #expect(Self.en.matches(in: "5 R is not money").isEmpty)
        #expect(MoneyParser(locale: Locale(identifier: "en_ZA")).matches(in: "It is R 100").map(\.value.description) == ["100 ZAR"])
        #expect(MoneyParser(locale: Locale(identifier: "ja_JP")).matches(in: "徒歩5分、家賃7万円").map(\.text) == ["7万円"])
        #expect(Self.en.matches(in: "It was 45,00 zł").map(\.value.description) == ["45 PLN"])
        #expect(Self.en.matches(in: "Rp 31.500 at the shop").map(\.value.description) == ["31500 IDR"])
    }

    @Test func anAmountWithoutAMarkerNeedsAPriceWordBeforeIt() {
        #expect(Self.de.matches(in: "Preis: 12,50").map(\.value.description) == ["12.5 EUR"])
        #expect(Self.en.matches(in: "Total 45.00").map(\.value.description) == ["45 USD"])
        #expect(Self.en.matches(in: "Aisle 45.00").isEmpty)
        // Languages beyond the corpus's: the supplement's price words.
        let prices = [("cs_CZ", "Cena: 299", "299 CZK"), ("fi_FI", "Hinta 12,50", "12.5 EUR"), ("ar_EG", "السعر: 250", "250 EGP"),
                      ("th_TH", "ราคา 1,290", "1290 THB"), ("hu_HU", "Ár: 4 990", "4990 HUF")]
        for (locale, text, expected) in prices {
            #expect(MoneyParser(locale: Locale(identifier: locale)).matches(in: text).map(\.value.description) == [expected], "\(locale)")
        }
    }

    /// Numbers in words (Docs/ParsingRules.md §8) count in text with a marker only: a price
    /// word before one is not enough (`Total: two items`), and the common words among number
    /// words (`one of the best`) are no amount without one.
    @Test func numbersInWordsCountWithAMarker() {
        let cases: [(String, String, [String], [String])] = [
            ("en_US", "The ticket costs twenty-five dollars.", ["twenty-five dollars"], ["25 USD"]),
            ("en_US", "I paid two thousand three hundred and forty-five dollars for it",
             ["two thousand three hundred and forty-five dollars"], ["2345 USD"]),
            ("en_US", "Pay twelve dollars and fifty cents at the door", ["twelve dollars and fifty cents"], ["12.5 USD"]),
            ("en_US", "It costs a hundred bucks, or $5 a day", ["a hundred bucks", "$5"], ["100 USD", "5 USD"]),
            ("en_US", "Twenty Five Dollars only", ["Twenty Five Dollars"], ["25 USD"]),
            ("de_DE", "Das kostet zwölf Euro.", ["zwölf Euro"], ["12 EUR"]),
            ("de_DE", "Ablöse: eine Million Euro", ["eine Million Euro"], ["1000000 EUR"]),
            ("fr_FR", "Le billet coûte vingt-cinq euros.", ["vingt-cinq euros"], ["25 EUR"]),
            ("fr_FR", "un budget de deux millions d'euros", ["deux millions d'euros"], ["2000000 EUR"]),
            ("es_ES", "Me costó doscientos euros", ["doscientos euros"], ["200 EUR"]),
            // English words are read in every locale, as the parser reads them.
            ("ja_JP", "チップは twenty dollars でした", ["twenty dollars"], ["20 USD"]),
            // A marker in the word before: the locale's currency by any of its markers, another
            // by its ISO code in capitals or a sign.
            ("en_IN", "Received Rupees five thousand only", ["Rupees five thousand"], ["5000 INR"]),
            ("pt_BR", "Custa R$ mil por mês", ["R$ mil"], ["1000 BRL"]),
            ("en_US", "Wire fee: USD twenty.", ["USD twenty"], ["20 USD"]),
            ("de_DE", "Gebühr: USD fünfzig", ["USD fünfzig"], ["50 USD"]),
            ("en_US", "Tip: US $ twenty", ["$ twenty"], ["20 USD"]),
            // Thai writes no spaces between words: a number in words may begin at any letter.
            ("th_TH", "ราคาห้าร้อยบาท", ["ห้าร้อยบาท"], ["500 THB"]),
        ]
        for (locale, text, spans, values) in cases {
            let matches = MoneyParser(locale: Locale(identifier: locale)).matches(in: text)
            #expect(matches.map(\.text) == spans, "\(locale) \(text)")
            #expect(matches.map(\.value.description) == values, "\(locale) \(text)")
        }
        for text in ["one of the best", "I have two cats and three dogs", "Total: two items", "Price: twelve",
                     "Chapter Nine, page ten", "twenty-five", "She won three games", "Mark two items as done",
                     "I ate all five cookies", "Rand three times"] {
            #expect(Self.en.matches(in: text).isEmpty, "\(text)")
        }
        #expect(MoneyParser(locale: Locale(identifier: "th_TH")).matches(in: "ฉันมีแมวสองตัว").isEmpty)
        #expect(Self.en.matches(in: "one $5 bill and two $10 bills").map(\.text) == ["$5", "$10"])
        // A range in words takes its marker from the end that has one.
        #expect(Self.en.matches(in: "from ten to twenty dollars").map(\.value.description) == ["10..20 USD"])
        #expect(Self.de.matches(in: "zweihundert bis dreihundert Euro").map(\.value.description) == ["200..300 EUR"])
        // Strict mode reads no words, in a field or in text.
        let strict = MoneyParser(locale: Locale(identifier: "en_US"), options: .init(mode: .strict))
        #expect(strict.matches(in: "twenty-five dollars or $5").map(\.text) == ["$5"])
    }

    @Test func rangesAreOneMatchInOneCurrency() {
        let usd = try! Currency(code: "USD")
        #expect(Self.en.matches(in: "Flights from $199–$249.").map(\.value) == [
            .range(MoneyRange(lowerBound: Money(199, usd), upperBound: Money(249, usd))!),
        ])
        #expect(Self.en.matches(in: "Flights from $199–$249.").map(\.text) == ["$199–$249"])
        #expect(Self.de.matches(in: "€10 bis 20").map(\.value.description) == ["10..20 EUR"])
        #expect(Self.de.matches(in: "Gehalt 55–65k € brutto").map(\.value.description) == ["55000..65000 EUR"])
        #expect(MoneyParser(locale: Locale(identifier: "fr_FR")).matches(in: "de 10 à 15 euros").map(\.value.description)
                == ["10..15 EUR"])
        #expect(MoneyParser(locale: Locale(identifier: "ja_JP")).matches(in: "1万〜2万円").map(\.value.description)
                == ["10000..20000 JPY"])
        // A dash between two numbers without markers is no range of money.
        #expect(Self.en.matches(in: "seasons 2019-2020").isEmpty)
    }

    @Test func theMainPriceIsTheCurrentOneWithAMarker() {
        let matches = Self.en.matches(in: "was €30, now €19.99")
        #expect(matches.map(\.rank) == [2, 1])
        #expect(Self.en.price(in: "was €30, now €19.99")?.value.description == "19.99 EUR")
        #expect(Self.de.price(in: "UVP: 49,99 € – jetzt 39,99 €")?.value.description == "39.99 EUR")
        // A marker beats a price word without one; then the first.
        #expect(Self.en.matches(in: "Total 40, or $35 online").map(\.rank) == [2, 1])
        #expect(Self.en.matches(in: "$5 or $6").map(\.rank) == [1, 2])
        // A range without markers (after a price word) ranks as an amount without one.
        #expect(Self.de.matches(in: "Preis: 10–20, Versand 5 €").map(\.rank) == [2, 1])
        // Price words match in any case, as marker keys (Docs/ParsingRules.md §2).
        #expect(MoneyParser(locale: Locale(identifier: "pt_BR")).matches(in: "PREÇO: 45,90").map(\.value.description) == ["45.9 BRL"])
        #expect(Self.en.price(in: "no money here") == nil)
    }

    @Test func sentencePunctuationIsNotPartOfTheMatch() {
        #expect(Self.en.matches(in: "It costs $5.").map(\.text) == ["$5"])
        #expect(Self.en.matches(in: "Prices: $5, $6; and (€7)!").map(\.text) == ["$5", "$6", "€7"])
        #expect(MoneyParser(locale: Locale(identifier: "de_CH")).matches(in: "Kaffee Fr. 5.–.").map(\.text) == ["Fr. 5.–"])
        #expect(MoneyParser(locale: Locale(identifier: "ru_RU")).matches(in: "Цена 100 руб. Спасибо").map(\.text) == ["100 руб."])
        #expect(Self.en.matches(in: "It was $13.00, mix and match.").map(\.text) == ["$13.00"])
    }

    @Test func offsetsCountUTF8AndUTF16() throws {
        let text = "😀 Préis 💶 €12,50 und 3 ₽"
        let matches = MoneyParser(locale: Locale(identifier: "de_DE")).matches(in: text)
        let first = try #require(matches.first)
        #expect(first.text == "€12,50")
        #expect(first.utf8Range == 17..<25)
        #expect(first.utf16Range == 12..<18)
        #expect(text[first.range] == "€12,50")
    }

    /// Any text, any length: linear time, no crash, every match inside the text.
    @Test func longAndArbitraryTextIsScannedInLinearTime() {
        let digits = String(repeating: "1 2,3.4 ", count: 20_000)
        let clock = ContinuousClock()
        let small = clock.measure { _ = Self.en.matches(in: String(digits.prefix(16_000))) }
        let large = clock.measure { _ = Self.en.matches(in: digits) }
        // Ten times the text: at most forty times the time (linear, with room for noise; an
        // instrumented build's timings are not compared).
        if !Sanitizers.active { #expect(large < small * 40 + .milliseconds(50)) }
        // Number words at every word, and letters without a space: each word start is read
        // once, within a bounded window. In Thai a number in words may begin at every letter.
        let thai = MoneyParser(locale: Locale(identifier: "th_TH"))
        for (parser, unit) in [(Self.en, "one two three dollars "), (Self.en, "twenty-five "), (Self.en, "thousand"),
                               (Self.en, "a hundred and "), (thai, "หนึ่ง"), (thai, "ห้าร้อยบาทสองพัน"), (thai, "ราคาแมว")] {
            let words = String(repeating: unit, count: 160_000 / unit.utf8.count)
            _ = parser.matches(in: String(words.prefix(16_000)))
            let small = clock.measure { _ = parser.matches(in: String(words.prefix(16_000))) }
            let large = clock.measure { _ = parser.matches(in: words) }
            if !Sanitizers.active { #expect(large < small * 40 + .milliseconds(50), "\(unit)") }
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["$", "€", "1", "2", ",", ".", " ", "-", "–", "k", "EUR", "円", "万", "Preis:", "bis", "%", "\u{301}", "\u{A0}",
                      "zwei", "hundert", "Euro", "und", "eins"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for match in Self.de.matches(in: text) {
                #expect(text[match.range] == match.text[...])
            }
        }
    }
}
