import Foundation
@testable import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// Docs/ParsingRules.md §8: numbers written in words, derived from ICU's spell-out rules.
@Suite struct NumberWordsTests {
    /// The value of a spelled text in a language, read as the parser's reader reads it.
    static func value(_ text: String, _ locale: String) -> UInt64? {
        var text = text
        return text.withUTF8 { bytes in
            SpelledNumberReader.read(bytes, from: 0, locale: locale).flatMap { $0.end == bytes.count ? $0.value : nil }
        }
    }

    struct Reading: Sendable, CustomTestStringConvertible {
        let text: String
        let locale: String
        let value: UInt64?
        var testDescription: String { "\(locale) \(text)" }
    }

    static let readings: [Reading] = [
        Reading(text: "twelve", locale: "en", value: 12),
        // Longer than the reader's buffer on the stack (about 70 letters): read again with room
        // for every letter.
        Reading(text: "seven hundred seventy-seven billion seven hundred seventy-seven million "
                    + "seven hundred seventy-seven thousand seven hundred seventy-seven", locale: "en", value: 777_777_777_777),
        Reading(text: "семьсот семьдесят семь миллиардов семьсот семьдесят семь миллионов "
                    + "семьсот семьдесят семь тысяч семьсот семьдесят семь", locale: "ru", value: 777_777_777_777),
        Reading(text: "twenty-five", locale: "en", value: 25),
        Reading(text: "Twenty Five", locale: "en", value: 25),
        Reading(text: "one hundred and fifty", locale: "en", value: 150),
        Reading(text: "a hundred", locale: "en", value: 100),
        Reading(text: "fifteen hundred", locale: "en", value: 1500),
        Reading(text: "two million three hundred thousand", locale: "en", value: 2_300_000),
        Reading(text: "thousand thousand", locale: "en", value: nil),
        Reading(text: "one thousand two million", locale: "en", value: nil),
        Reading(text: "one hundred five hundred", locale: "en", value: nil),
        Reading(text: "zero", locale: "en", value: 0),
        Reading(text: "zero five", locale: "en", value: nil),
        Reading(text: "zweihundertfünfzig", locale: "de", value: 250),
        Reading(text: "zwei\u{AD}hundert\u{AD}fünfzig", locale: "de", value: 250),
        Reading(text: "zwei-hundert-fünfzig", locale: "de", value: 250),
        Reading(text: "zwei hundert fünfzig", locale: "de", value: 250),
        Reading(text: "fünfzehnhundert", locale: "de", value: 1500),
        Reading(text: "dreissig", locale: "de", value: 30),
        Reading(text: "dreißig", locale: "de", value: 30),
        Reading(text: "quatre-vingt-dix-neuf", locale: "fr", value: 99),
        Reading(text: "deux cent mille", locale: "fr", value: 200_000),
        Reading(text: "mille", locale: "fr", value: 1000),
        Reading(text: "dos mil quinientos", locale: "es", value: 2500),
        Reading(text: "veintidos", locale: "es", value: 22),
        Reading(text: "tres millones", locale: "es", value: 3_000_000),
        Reading(text: "mil doscientos treinta y cuatro millones", locale: "es", value: 1_234_000_000),
        Reading(text: "ventun milioni", locale: "it", value: 21_000_000),
        Reading(text: "двести пятьдесят", locale: "ru", value: 250),
        Reading(text: "две тысячи", locale: "ru", value: 2000),
        Reading(text: "dwa tysiące", locale: "pl", value: 2000),
        Reading(text: "seis mil e sessenta e nove", locale: "pt", value: 6069),
        Reading(text: "mil e sessenta e nove", locale: "pt", value: 1069),
        Reading(text: "seks tusinde og niogtres", locale: "da", value: 6069),
        Reading(text: "milioni moja, elfu mia mbili", locale: "sw", value: 1_200_000),
        Reading(text: "эки миң", locale: "ky", value: 2000),
        Reading(text: "หกแสนสี่หมื่น", locale: "th", value: 640_000),
        Reading(text: "สี่หมื่นหนึ่งร้อยยี่สิบแปด", locale: "th", value: 40128),
    ]

    @Test("A spelled number reads as its value", arguments: readings)
    func reads(_ reading: Reading) {
        #expect(Self.value(reading.text, reading.locale) == reading.value)
    }

    @Test("A number ending in a scale word tells where the word begins")
    func lastScale() throws {
        var text = "tres millones de pesos"
        let reading = try #require(text.withUTF8 { SpelledNumberReader.read($0, from: 0, locale: "es_MX") })
        #expect(reading.value == 3_000_000)
        #expect(reading.end == 13)
        #expect(reading.lastScale == .init(start: 5, endBefore: 4, valueBefore: 3))
    }
}

/// The proof of Docs/ParsingRules.md §8 is ICU itself: every language with spell-out rules of
/// its own spells out 0 to 1,000 and 2,000 seeded values up to 10^12; each text, without the
/// break hints ICU inserts, followed by a space and an ISO code, must parse back to its
/// value. The report of every failure is written to `.build/reports/number-words.md`
/// (Docs/NumberWordsRoundTrip.md holds the last one committed).
@Suite struct NumberWordsRoundTripTests {
    /// The languages whose spell-out rules are their own, with the rule set read.
    static func languages() -> [(language: String, ruleSet: String)] {
        var seen = Set<String>()
        var result: [(String, String)] = []
        for locale in ICU.availableLocales {
            let language = ScaleWords.languageAndScript(locale)
            guard seen.insert(language).inserted, let format = ICU.SpellOut(locale: language) else { continue }
            guard format.actualLocale.prefix(while: { $0 != "_" }) == language.prefix(while: { $0 != "_" }) else { continue }
            let ruleSets = format.ruleSets
            guard let ruleSet = ruleSets.first(where: { $0 == "%spellout-cardinal" })
                    ?? ruleSets.first(where: { $0.hasPrefix("%spellout-cardinal") })
                    ?? ruleSets.first(where: { $0 == "%spellout-numbering" }) else { continue }
            result.append((language, ruleSet))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// 0 to 1,000, then 2,000 values of every magnitude up to 10^12, seeded (under the
    /// sanitizers, 0 to 100 and 200 values: every language's table is still built and read,
    /// at a tenth of the parses, within `make sanitize`'s time).
    static func values(seed: UInt64) -> [Int64] {
        var generator = SplitMix64(seed: seed)
        let (small, count): (Int64, Int) = Sanitizers.active ? (100, 301) : (1_000, 3_001)
        var values = Array(Int64(0)...small)
        while values.count < count {
            let digits = Int(generator.next() % 12) + 1
            var limit: Int64 = 1
            for _ in 0..<digits { limit *= 10 }
            values.append(Int64(generator.next() % UInt64(limit)) + (digits == 12 ? 1 : 0))
        }
        return values
    }

    @Test("ICU's spelled-out numbers parse back in every language with spell-out rules")
    func roundTrip() throws {
        var total = 0
        var failed = 0
        var report = ""
        var rates: [(String, Int, Int)] = []
        for (language, ruleSet) in Self.languages() {
            guard let format = ICU.SpellOut(locale: language) else { continue }
            let parser = MoneyParser(locale: Locale(identifier: language))
            var failures: [String] = []
            var count = 0
            for value in Self.values(seed: 22) {
                guard var text = format.format(value, ruleSet: ruleSet) else { continue }
                text.unicodeScalars.removeAll { $0.value == 0xAD || $0.value == 0x200B }
                // Numerals of §4b (CJK, Korean) are read already: their languages are tested there.
                if text.unicodeScalars.contains(where: { Numerals.kind($0.value) != nil }) { break }
                count += 1
                let input = text + " EUR"
                let result = try? parser.parse(input)
                if result?.amount != Decimal(value) || result?.currency.code != "EUR" {
                    failures.append("\(value): \(input)")
                }
            }
            guard count > 0 else { continue }
            total += count
            failed += failures.count
            rates.append((language, count - failures.count, count))
            if !failures.isEmpty {
                report += "\n## \(language) (\(ruleSet)): \(failures.count) of \(count) fail\n\n"
                report += failures.prefix(40).map { "- `\($0)`" }.joined(separator: "\n") + "\n"
                if failures.count > 40 { report += "- ... and \(failures.count - 40) more\n" }
            }
        }
        let rate = total == 0 ? 0 : Double(total - failed) / Double(total)
        var header = "# Numbers in words: ICU's spell-out read back\n\n"
        header += "\(total - failed) of \(total) read back (\(String(format: "%.3f", rate * 100))%) over \(rates.count) languages.\n\n"
        header += "| language | read | of |\n|---|---:|---:|\n"
        header += rates.map { "| \($0.0) | \($0.1) | \($0.2) |" }.joined(separator: "\n") + "\n"
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/reports")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try (header + report).write(to: directory.appendingPathComponent("number-words.md"), atomically: true, encoding: .utf8)
        #expect(rates.count >= 60, "languages: \(rates.count)")
        // Issue 22 asks for 99.9%; this build reads 99.987% (the report lists every failure:
        // Khmer's spellings from 10^10 and Akan's `na apem` after thousands, Docs/ParsingRules.md §8).
        #expect(rate >= 0.999, "read back: \(total - failed) of \(total)")
    }
}


/// The same proof with ICU's full-name currency format: the number of each formatted amount
/// (`250 российских рублей`) replaced by ICU's spelling of it (`двести пятьдесят российских
/// рублей`), in the language's likely locale and its region's currency.
@Suite struct NumberWordsCurrencyNameTests {
    /// The text with its first run of digits (and the separators between them) replaced.
    static func replacingNumber(in text: String, with words: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { DigitSystems.digit($0.value) != nil }) else { return nil }
        var end = first
        while end < scalars.count {
            if DigitSystems.digit(scalars[end].value) != nil { end += 1; continue }
            if end + 1 < scalars.count, DigitSystems.digit(scalars[end + 1].value) != nil,
               ",. \u{A0}\u{202F}’'٬".unicodeScalars.contains(scalars[end]) { end += 1; continue }
            break
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<first])
        result.append(contentsOf: words.unicodeScalars)
        result.append(contentsOf: scalars[end...])
        return String(result)
    }

    @Test("ICU's full-name currency amounts read back with the number spelled out")
    func currencyNames() throws {
        let regionCurrencies = Dictionary(ICU.currentCurrencyRegions(atMilliseconds: Date().timeIntervalSince1970 * 1000)
            .map { ($0.region, $0.code) }, uniquingKeysWith: { first, _ in first })
        var total = 0
        var unreadWithDigits = 0
        var failed: [String] = []
        var generator = SplitMix64(seed: 23)
        let values = Array(Int64(0)...100) + (0..<(Sanitizers.active ? 20 : 200)).map { _ in Int64(generator.next() % 1_000_000_000) }
        for (language, ruleSet) in NumberWordsRoundTripTests.languages() {
            let locale = ICU.likelyLocale(language)
            guard let code = regionCurrencies[ICU.region(ofLocale: locale)], let format = ICU.SpellOut(locale: language),
                  let names = try? ICU.ReferenceFormatter(locale: locale, skeleton: "currency/\(code) unit-width-full-name precision-integer")
            else { continue }
            let parser = MoneyParser(locale: Locale(identifier: locale))
            for value in values {
                guard var words = format.format(value, ruleSet: ruleSet), let formatted = names.format(decimal: String(value)) else { continue }
                words.unicodeScalars.removeAll { $0.value == 0xAD || $0.value == 0x200B }
                if words.unicodeScalars.contains(where: { Numerals.kind($0.value) != nil }) { break }
                guard let input = Self.replacingNumber(in: formatted, with: words) else { continue }
                // Only where the amount with digits reads back (names the parser does not read
                // with digits either are §4's business, not this section's).
                guard let digits = try? parser.parse(formatted), digits.amount == Decimal(value), digits.currency.code == code else {
                    unreadWithDigits += 1
                    continue
                }
                total += 1
                let result = try? parser.parse(input)
                if result?.amount != Decimal(value) || result?.currency.code != code { failed.append("\(locale) \(value): \(input)") }
            }
        }
        let rate = Double(total - failed.count) / Double(max(total, 1))
        print("Currency names with spelled numbers: \(total - failed.count) of \(total) (\(String(format: "%.2f", rate * 100))%); "
              + "\(unreadWithDigits) amounts not read with digits either were left out")
        let byLocale = Dictionary(grouping: failed) { $0.prefix { $0 != " " } }.mapValues(\.count).sorted { $0.value > $1.value }
        print(byLocale.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print(failed.prefix(40).joined(separator: "\n"))
        #expect(total >= (Sanitizers.active ? 5_000 : 15_000))
        #expect(rate >= 0.999, "read back: \(total - failed.count) of \(total)")
    }
}

/// What a parse in words costs against the same amounts in digits (issue 22 asks for at most
/// ten times): every ok row of TestData/words.csv in lenient mode, and the same amount written
/// as digits and its ISO code, each parsed by a prepared parser of its locale, warm. The
/// figure of record is `parsebench --words` (BENCHMARKS.md): inside the test process other
/// suites run at the same time and every thrown error costs a backtrace (a parse in words
/// still throws in a failed reading in digits when its input holds a digit or begins with a
/// symbol), so this one reads higher (9.0 against parsebench's 7.2-8.6 at 3.0.1; 27.8 against
/// 10.8-13.8 at 3.0.0).
@Suite struct NumberWordsCostTests {
    static func nanosecondsPerParse(_ rows: [(MoneyParser, String)]) -> Double {
        for (parser, input) in rows { _ = try? parser.parse(input) }
        var best = Double.infinity
        for _ in 0..<7 {
            let start = ContinuousClock.now
            for (parser, input) in rows { _ = try? parser.parse(input) }
            let elapsed = ContinuousClock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            best = min(best, nanoseconds / Double(rows.count))
        }
        return best
    }

    @Test("A parse in words costs a bounded multiple of the same amount in digits")
    func cost() throws {
        let rows = TestData.cases.filter { $0.source.hasSuffix("words.csv") && $0.options == nil }
        var words: [(MoneyParser, String)] = []
        var digits: [(MoneyParser, String)] = []
        var parsers: [String: MoneyParser] = [:]
        for row in rows {
            guard case .amount(let amount, let code) = row.expectation, let locale = row.locale else { continue }
            let parser = parsers[locale] ?? MoneyParser(locale: Locale(identifier: locale))
            parsers[locale] = parser
            words.append((parser, row.input))
            digits.append((parser, "\(amount) \(code)"))
        }
        let inWords = Self.nanosecondsPerParse(words)
        let inDigits = Self.nanosecondsPerParse(digits)
        print(String(format: "Numbers in words: %.0f ns per parse; the same amounts in digits: %.0f ns; ratio %.1f (%d rows)",
                     inWords, inDigits, inWords / inDigits, words.count))
        #expect(words.count >= 400)
    }
}
