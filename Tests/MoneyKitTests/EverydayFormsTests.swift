import Foundation
@testable import MoneyKit
import Testing

/// Docs/ParsingRules.md §7 stage by stage: the unit words derived from ICU's names, the
/// lexer's word boundaries, currency resolution's rules 2a, 3b and 6, and the errors people
/// get for what stays rejected. (The corpora check whole parses: TestData/everyday.csv.)
@Suite struct EverydayFormsTests {
    // MARK: Unit words

    /// The unit words and qualifiers of a language, derived as the parser derives them:
    /// word -> codes.
    static func unitWords(_ locale: String) -> (words: [String: Set<String>], qualifiers: [String: Set<String>]) {
        let names = CurrencyNames.forLocale(locale)
        let derived = CurrencyConventions.NameTable.vocabulary(of: names, keywords: ICU.pluralKeywords(ofLocale: locale),
                                                               language: String(locale.prefix { $0 != "_" }))
        func codes(_ table: [ByteKey: CurrencySet]) -> [String: Set<String>] {
            var result: [String: Set<String>] = [:]
            for (key, set) in table {
                result[String(decoding: key.bytes, as: UTF8.self), default: []].formUnion(set.members.map { Currency(index: $0).code })
            }
            return result
        }
        return (codes(derived.words), codes(derived.qualifiers))
    }

    @Test("Unit words are the nouns of ICU's names, in every form the names contain", arguments: [
        ("en", "dollars", ["USD", "AUD", "CAD", "NZD", "HKD", "SGD"], true),
        ("en", "rand", ["ZAR"], false),
        ("en", "lira", ["TRY"], false),
        ("en", "won", ["KRW", "KPW"], false),
        ("ru", "рублеи", ["RUB", "BYN"], false),  // folded: рублей
        ("ru", "доллар", ["USD", "AUD", "CAD"], true),
        ("de", "dollar", ["USD", "AUD", "CAD"], true),
        ("de", "pfund", ["GBP", "EGP"], true),
        ("fr", "dollars", ["USD", "CAD"], true),
        ("vi", "do la", ["USD", "AUD"], true),  // folded: Đô la
        ("ja", "ドル", ["USD", "AUD", "HKD"], true),
        ("pl", "zlotych", ["PLN"], false),  // folded: złotych
        ("cs", "korun", ["CZK", "SEK"], true),
        ("he", "שקלים", ["ILS"], false),
        ("ar", "جنيه", ["EGP", "GBP"], true),
        ("pt", "reais", ["BRL"], false),
        ("es", "pesos", ["MXN", "ARS", "COP"], true),
        ("hu", "forint", ["HUF"], true),
        ("uk", "гривень", ["UAH"], false),
        ("bn", "টাকা", ["BDT"], true),
    ])
    func unitWordsOfALanguage(locale: String, word: String, codes: [String], orMore: Bool) {
        let derived = Self.unitWords(locale).words[word] ?? []
        if orMore {
            #expect(derived.isSuperset(of: codes), "\(locale) \(word): \(derived.sorted())")
        } else {
            #expect(derived == Set(codes), "\(locale) \(word): \(derived.sorted())")
        }
    }

    @Test func qualifiersAreNotUnitWords() {
        let english = Self.unitWords("en")
        #expect(english.words["indian"] == nil && english.words["us"] == nil && english.words["swiss"] == nil)
        #expect(english.qualifiers["indian"] == ["INR"])
        #expect(english.qualifiers["swiss"] == ["CHF"])
        // A currency no longer legal tender gives no unit word: `franc` is not FRF's.
        #expect(english.words["francs"]?.contains("FRF") == false)
        #expect(english.words["francs"]?.contains("CHF") == true)
    }

    // MARK: Word boundaries (the lexer)

    /// The tokens the lexer reads from a text: kind and text.
    static func tokens(_ text: String, locale: String) throws -> [String] {
        let profile = LocaleProfile.profile(for: locale)
        var copy = text
        return try copy.withUTF8 { bytes throws(MoneyParseError) in
            var lexer = Lexer(bytes: bytes, profile: profile, hint: nil)
            var result: [String] = []
            while true {
                let token = try lexer.next()
                if token.kind == .end { break }
                if token.kind == .space { continue }
                result.append("\(token.kind.className):\(lexer.excerpt(token.start, token.end))")
            }
            return result
        }
    }

    @Test("A marker, unit word or multiplier never cuts a word", arguments: [
        ("$USD 5", "en_US", ["marker:$", "marker:USD", "digits:5"]),
        ("1 BD", "en_US", ["digits:1", "marker:BD"]),
        ("10kroner", "nb_NO", ["digits:10", "marker:kroner"]),
        ("10k kr", "nb_NO", ["digits:10", "multiplier:k", "marker:kr"]),
        ("5 dollars", "en_US", ["digits:5", "marker:dollars"]),
        ("1,5 millones de euros", "es_ES", ["digits:1", "separator(comma):,", "digits:5", "multiplier:millones de", "marker:euros"]),
        ("$100 US", "en_US", ["marker:$", "digits:100", "regionQualifier:US"]),
        ("99p", "en_GB", ["digits:99", "marker:p"]),
    ])
    func wordBoundaries(text: String, locale: String, expected: [String]) throws {
        #expect(try Self.tokens(text, locale: locale) == expected)
    }

    @Test func aCutWordIsNoToken() throws {
        #expect(throws: MoneyParseError.self) { try Self.tokens("KWDKWD 1", locale: "en_US") }
        // `K` (a multiplier, and a symbol) would cut `KR`, which is no marker but Korea's
        // letters: a region qualifier, which needs a symbol before it.
        #expect(try Self.tokens("10 KR", locale: "en_US") == ["digits:10", "regionQualifier:KR"])
        #expect(throws: MoneyParseError.self) { try MoneyParser.parse("10 KR", locale: Locale(identifier: "en_US")) }
    }

    // MARK: Currency resolution

    @Test("Rule 2a: any form of the region's currency", arguments: [
        ("$5", "en_HK", "HKD"), ("5 kr", "da_DK", "DKK"), ("5 kr", "is_IS", "ISK"), ("5 lei", "ro_MD", "MDL"),
        ("5 dollars", "en_CA", "CAD"), ("C$5", "en_CA", "CAD"), ("C$5", "es_NI", "NIO"),
    ])
    func regionsOwnCurrency(text: String, locale: String, code: String) throws {
        #expect(try MoneyParser.parse(text, locale: Locale(identifier: locale)).currency.code == code)
    }

    @Test("Rule 3b: a shared unit word is its reference currency, or ambiguous", arguments: [
        ("5 dollars", "en_GB", "USD"), ("5 pounds", "en_US", "GBP"), ("5 won", "en_US", "KRW"),
        ("5 долларов", "ru_RU", "USD"), ("5 фунтов", "ru_RU", "GBP"),
    ])
    func referenceCurrencies(text: String, locale: String, code: String) throws {
        #expect(try MoneyParser.parse(text, locale: Locale(identifier: locale)).currency.code == code)
    }

    /// The candidates of an ambiguous marker, as the error lists them.
    static func candidates(_ text: String, _ locale: String) -> [String] {
        do {
            _ = try MoneyParser.parse(text, locale: Locale(identifier: locale))
        } catch {
            if case .ambiguousCurrency(let candidates) = error.kind { return candidates.map(\.code) }
        }
        return []
    }

    @Test func ambiguousCandidatesComeMostLikelyFirst() {
        // Symbols have no reference currency; USD is used in the most regions.
        #expect(Self.candidates("$20", "en_GB").prefix(4) == ["USD", "AUD", "XCD", "NZD"])
        // An ambiguous unit word names the currencies it could be.
        let francs = Self.candidates("10 francs", "de_DE")
        #expect(francs.count >= 8 && francs.contains("CHF") && francs.first == "XOF")
        #expect(Set(Self.candidates("5 rubles", "en_US")) == ["RUB", "BYN"])
        #expect(Self.candidates("50 cents", "en_GB").first == "USD")
    }

    // MARK: Errors a person can act on

    @Test func rejectedFormsSayWhatIsWrong() {
        func error(_ text: String, _ locale: String) -> MoneyParseError? {
            do {
                _ = try MoneyParser.parse(text, locale: Locale(identifier: locale))
                return nil
            } catch {
                return error
            }
        }
        let qualifier = error("10 Indian", "en_US")
        #expect(qualifier?.offset == 3 && qualifier?.excerpt == "Indian")
        #expect(qualifier?.description.contains("part of a currency's name (INR)") == true)
        let twice = error("5 dollars dollars", "en_US")
        #expect(twice?.kind == .multipleMarkers && twice?.offset == 10)
        #expect(twice?.description.contains("repeats the currency marker") == true)
        let minor = error("5 zł 150 gr", "pl_PL")
        #expect(minor?.offset == 6 && minor?.description.contains("below one major unit (100)") == true)
        let region = error("$100 DE", "en_US")
        #expect(region?.description.contains("names a region") == true)
        let numeral = error("三十四五元", "zh_CN")
        #expect(numeral?.kind == .invalidNumeral && numeral?.description.contains("approximation") == true)
        let particle = error("1,5 millones de", "es_ES")
        #expect(particle?.description.contains("needs the currency after it") == true)
    }
}
