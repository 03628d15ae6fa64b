import Foundation
@testable import MoneyKit
import Testing

/// Docs/ParsingRules.md §4b against ICU's own numerals: ICU's rule-based spell-out (RBNF) writes integers in
/// Chinese, traditional Chinese, Japanese and Korean numerals; MoneyKit must read each back,
/// followed by a currency word, to the same amount.
@Suite struct SpelloutTests {
    struct Language: Sendable, CustomTestStringConvertible {
        let locale: String
        let ruleSet: String
        let word: String
        let currency: String
        var testDescription: String { "\(locale) \(ruleSet)" }
    }

    static let languages = [
        Language(locale: "zh", ruleSet: "%spellout-cardinal", word: "元", currency: "CNY"),
        Language(locale: "zh_Hant", ruleSet: "%spellout-cardinal", word: "美元", currency: "USD"),
        Language(locale: "ja", ruleSet: "%spellout-cardinal", word: "円", currency: "JPY"),
        // ko has no %spellout-cardinal; the Sino-Korean one is what amounts use.
        Language(locale: "ko", ruleSet: "%spellout-cardinal-sinokorean", word: " 원", currency: "KRW"),
    ]

    /// 10,000 integers per language: every magnitude from 1 to 10^12, seeded.
    static func sample(seed: UInt64) -> [Int64] {
        var generator = SplitMix64(seed: seed)
        var values: [Int64] = [0, 1, 10, 11, 15, 20, 100, 101, 110, 1000, 1005, 10_000, 10_005, 10_300, 100_000_000,
                               1_000_000_000_000]
        while values.count < 10_000 {
            let digits = Int(generator.next() % 12) + 1
            var limit: Int64 = 1
            for _ in 0..<digits { limit *= 10 }
            values.append(Int64(generator.next() % UInt64(limit)))
        }
        return values
    }

    @Test("ICU's spelled-out numerals parse back", arguments: languages)
    func spelloutParsesBack(_ language: Language) throws {
        let parser = MoneyParser(locale: Locale(identifier: language.locale))
        let currency = try Currency(code: language.currency)
        var checked = 0
        var failures: [String] = []
        for value in Self.sample(seed: UInt64(language.locale.utf8.count)) {
            guard let text = ICU.spellOut(value, locale: language.locale, ruleSet: language.ruleSet) else {
                failures.append("\(value): ICU could not spell it out")
                continue
            }
            checked += 1
            let input = text + language.word
            do {
                let money = try parser.parse(input)
                if money != Money(Decimal(value), currency) {
                    failures.append("\(value): \(input) -> \(money)")
                }
            } catch {
                failures.append("\(value): \(input) -> \(error.kind.name) at \(error.offset ?? -1)")
            }
        }
        print("Spell-out \(language.locale): \(checked) values read back, \(failures.count) failures")
        #expect(checked >= 10_000)
        #expect(failures.isEmpty, "\(failures.prefix(30).joined(separator: "\n"))")
    }
}
