import Foundation
@testable import MoneyKit
import Testing

/// Docs/ParsingRules.md §2 and §7, stage by stage: folding, the words derived from ICU's data
/// (word-broken names, word forms, Korean 화, qualifiers and their stems, scale words from the
/// spell-out rules, joiners from the list patterns, case endings), and the lexer's tokens for
/// them. The corpora check whole parses (TestData/everyday-world.csv, TestData/rules.csv).
@Suite struct VocabularyTests {
    // MARK: Folding (§2)

    @Test("Words fold case and diacritics with ICU", arguments: [
        ("é", "e"), ("Ł", "l"), ("ł", "l"), ("đ", "d"), ("ø", "o"), ("ı", "i"), ("ồ", "o"), ("Ё", "е"), ("й", "и"),
        ("ά", "α"), ("أ", "ا"), ("ک", "ك"), ("ß", "ß"), ("ก", "ก"), ("ド", "ド"), ("क़", "क"), ("ড়", "ড"), ("क", "क"),
        ("ु", "ु"),
    ])
    func folding(letter: String, folded: String) {
        let scalar = letter.unicodeScalars.first!.value
        #expect(MarkerKey.foldedScalar(Characters.canonical(scalar)) == folded.unicodeScalars.first!.value)
    }

    @Test func marksFoldAwayInAccentedScriptsAndIndicNuktasOnly() {
        // Accents, a Hebrew point, Arabic vowel signs, the Devanagari and Bengali nuktas.
        for mark: UInt32 in [0x0301, 0x0308, 0x0327, 0x05B8, 0x064E, 0x0670, 0x093C, 0x09BC] {
            #expect(MarkerKey.isRemovedByFolding(mark), "U+\(String(mark, radix: 16))")
        }
        // Devanagari's vowel sign u and virama, Thai's mai tho and the kana voicing mark are spelling.
        for mark: UInt32 in [0x0941, 0x094D, 0x0E49, 0x3099] {
            #expect(!MarkerKey.isRemovedByFolding(mark), "U+\(String(mark, radix: 16))")
        }
        #expect(MarkerKey.bytes(of: "Złotych Polskich", folded: true) == Array("zlotych polskich".utf8))
        #expect(MarkerKey.bytes(of: "e\u{301}", folded: true) == Array("e".utf8))
    }

    @Test func symbolsNeverFold() {
        #expect(MarkerKey.isFoldedSymbolForm("LEI"))
        #expect(!MarkerKey.isFoldedSymbolForm("Lekë"))
        #expect(!MarkerKey.isFoldedSymbolForm("сўм"))
        #expect(MarkerKey.isFoldedSymbolForm("руб."))
    }

    @Test("The fold table covers its ranges in order")
    func foldTableLayout() {
        let total = MarkerKey.foldRanges.reduce(0) { $0 + $1.count }
        #expect(MarkerKey.foldTable.count == total)
        for range in MarkerKey.foldRanges {
            #expect(MarkerKey.foldEntry(range.lowerBound) != nil && MarkerKey.foldEntry(range.upperBound - 1) != nil)
        }
        #expect(MarkerKey.foldEntry(0x1B00) == nil && MarkerKey.foldEntry(0xE00) == nil && MarkerKey.foldEntry(0x8FF) == nil)
    }

    // MARK: Words of names (§7)

    @Test("Names of unspaced scripts split with ICU's word break rules", arguments: [
        ("ja", "新台湾ドル", ["新", "台湾", "ドル"]),
        ("ja", "中国人民元", ["中国", "人民元"]),
        ("th", "ดอลลาร์สหรัฐ", ["ดอลลาร์", "สหรัฐ"]),
        ("fr", "franc cfa (bceao)", ["franc", "cfa"]),
        ("en", "us-dollar", ["us", "dollar"]),
    ])
    func nameWords(language: String, name: String, words: [String]) {
        let key = Array(name.utf8)
        let split = NameWords(locale: language).words(of: key).map { String(decoding: key[$0], as: UTF8.self) }
        #expect(split == words)
    }

    @Test func koreanNounsWithoutHwa() {
        let korean = EverydayFormsTests.unitWords("ko").words
        #expect(korean["위안화"] == ["CNY"])
        #expect(korean["위안"] == ["CNY"])
        #expect(korean["엔"] == ["JPY"])
    }

    @Test("A currency whose names lack a word's form takes it from a currency that has it")
    func wordFormsFillGaps() {
        let urdu = EverydayFormsTests.unitWords("ur").words
        #expect(urdu["روپے"]?.isSuperset(of: ["INR", "PKR"]) == true)
        // Currencies with forms of their own keep them.
        let english = EverydayFormsTests.unitWords("en").words
        #expect(english["kronor"] == ["SEK"])
        #expect(english["kronur"] == ["ISK"])
    }

    @Test func shortNounsAreNotFoundInsideWords() {
        // `do` (the Vietnamese đô) begins `dong`; the đồng is no dollar.
        #expect(EverydayFormsTests.unitWords("vi").words["do"]?.contains("VND") == false)
        #expect(EverydayFormsTests.unitWords("vi").words["dong"] == ["VND"])
    }

    // MARK: Qualifiers (§7)

    @Test("A qualifier word matches whole or by a stem of four letters", arguments: [
        ("de", "australischen", "AUD", true),
        ("de", "australische", "AUD", true),
        ("de", "austral", "AUD", false),
        ("it", "tedeschi", "DEM", true),
        ("es", "canadienses", "CAD", true),
        ("ja", "台湾", "TWD", true),
    ])
    func qualifierStems(language: String, word: String, code: String, matches: Bool) {
        let names = CurrencyNames.forLocale(language)
        let derived = CurrencyConventions.NameTable.vocabulary(of: names, keywords: ICU.pluralKeywords(ofLocale: language),
                                                               language: language)
        let table = QualifierWords(derived.qualifiers)
        var text = word
        let found = text.withUTF8 { table.match(in: $0, from: 0) }
        #expect((found?.currencies.contains((try! Currency(code: code)).index) ?? false) == matches)
        if matches { #expect(found?.end == word.utf8.count) }
    }

    // MARK: Scale words, joiners, endings (§7)

    @Test("Scale words come from ICU's spell-out rules", arguments: [
        ("de", "millionen", 6, MarkerSide.after), ("es", "mil millones", 9, .after), ("pt", "milhões", 6, .after),
        ("pl", "miliardów", 9, .after), ("tr", "milyar", 9, .after), ("hi", "लाख", 5, .after), ("hi", "करोड़", 7, .after),
        ("th", "ล้าน", 6, .after), ("th", "พันล้าน", 9, .after), ("vi", "nghìn tỷ", 12, .after), ("sw", "elfu", 3, .before),
        ("ru", "тысяч", 3, .after), ("fr", "billion", 12, .after), ("en", "billion", 9, .after),
    ])
    func scaleWords(language: String, word: String, exponent: Int, side: MarkerSide) {
        let words = ScaleWords.forLocale(language)
        let found = words.first { $0.text.lowercased() == word }
        #expect(found?.exponent == exponent && found?.side == side, "\(language): \(words.map(\.text).prefix(30))")
    }

    @Test func scaleWordsLeaveNumberWordsAndNumeralsOut() {
        #expect(!ScaleWords.forLocale("hi").contains { $0.text.contains("दस") })  // दस लाख: "ten lakh"
        #expect(ScaleWords.forLocale("ja").isEmpty)  // 千, 万, 億: CJK numerals (§4b)
        #expect(ScaleWords.forLocale("bn").isEmpty)  // ICU has no Bengali spell-out rules
        #expect(ScaleWords.forLocale("sr").contains { $0.text == "милион" })
        #expect(ScaleWords.forLocale("sr_Latn").contains { $0.text == "milion" })
    }

    @Test("Joiners come from ICU's list patterns and the supplement", arguments: [
        ("es_ES", "y"), ("es_ES", "con"), ("de_DE", "und"), ("sv_SE", "och"), ("zh_CN", "和"), ("zh_CN", "又"), ("ja_JP", "と"),
        ("ar_EG", "و"), ("fr_FR", "et"), ("fr_FR", "and"),
    ])
    func joiners(locale: String, joiner: String) {
        #expect(LocaleProfile.profile(for: locale).joiners.words.contains(joiner))
    }

    @Test func joinersAreWords() {
        #expect(!LocaleProfile.profile(for: "ja_JP").joiners.words.contains("、"))
    }

    @Test func caseEndingsByLanguage() {
        #expect(LocaleProfile.profile(for: "hu_HU").endings?.endings.contains(Array("ot".utf8)) == true)
        #expect(LocaleProfile.profile(for: "en_US").endings == nil)
    }

    // MARK: Tokens

    @Test("The lexer reads the new forms as tokens", arguments: [
        ("5千台湾ドル", "ja_JP", ["digits:5", "unit:千", "qualifierWord:台湾", "marker:ドル"]),
        ("3 Millionen australischen Dollar", "de_DE", ["digits:3", "multiplier:Millionen", "qualifierWord:australischen", "marker:Dollar"]),
        ("8 euros con 40", "es_ES", ["digits:8", "marker:euros", "joiner:con", "digits:40"]),
        ("500 kSEK", "sv_SE", ["digits:500", "marker:kSEK"]),
        ("MNOK 3,5", "nb_NO", ["marker:MNOK", "digits:3", "separator(comma):,", "digits:5"]),
        ("△1,000円", "ja_JP", ["minus:△", "digits:1", "separator(comma):,", "digits:000", "marker:円"]),
        ("-/- € 25,00", "nl_NL", ["minus:-/-", "marker:€", "digits:25", "separator(comma):,", "digits:00"]),
        ("负100元", "zh_CN", ["minus:负", "digits:100", "yuan:元"]),
        ("일금 삼백만원정", "ko_KR", ["receiptPrefix:일금", "digits:삼", "unit:백", "unit:만", "marker:원", "exactly:정"]),
        ("KSh 2,500/=", "en_KE", ["marker:KSh", "digits:2", "separator(comma):,", "digits:500", "slashDash:/="]),
        ("5000 forintot", "hu_HU", ["digits:5000", "marker:forintot"]),
        ("214 milyar 543 milyon", "tr_TR", ["digits:214", "multiplier:milyar", "digits:543", "multiplier:milyon"]),
    ])
    func tokens(text: String, locale: String, expected: [String]) throws {
        #expect(try EverydayFormsTests.tokens(text, locale: locale) == expected)
    }

    @Test func financeNotationScales() throws {
        var text = "500 kSEK"
        let scale = try text.withUTF8 { bytes throws(MoneyParseError) -> Int8? in
            var lexer = Lexer(bytes: bytes, profile: LocaleProfile.profile(for: "sv_SE"), hint: nil)
            while true {
                let token = try lexer.next()
                if case .marker(let marker) = token.kind { return marker.scale }
                if token.kind == .end { return nil }
            }
        }
        #expect(scale == 3)
    }

    // MARK: Resolution (§4)

    @Test("The region decides forms it shares", arguments: [
        ("5000 FCFA", "fr_SN", "XOF"), ("5000 FCFA", "fr_CM", "XAF"), ("100 руб.", "ru_BY", "BYN"), ("100 руб.", "ru_RU", "RUB"),
        ("500 روپے", "ur_PK", "PKR"), ("500 روپے", "ur_IN", "INR"), ("रु. 500", "hi_IN", "INR"), ("रु. 500", "ne_NP", "NPR"),
        ("80 bob", "sw_KE", "KES"), ("80 BOB", "sw_KE", "BOB"), ("50 Rp.", "de_CH", "CHF"), ("50 Rp.", "id_ID", "IDR"),
    ])
    func regionDecides(text: String, locale: String, code: String) throws {
        #expect(try MoneyParser.parse(text, locale: Locale(identifier: locale)).currency.code == code)
    }

    @Test func qualifierErrorsNameTheirCurrencies() {
        do {
            _ = try MoneyParser.parse("5 Schweizer Dollar", locale: Locale(identifier: "de_DE"))
            Issue.record("parsed")
        } catch {
            #expect(error.kind == .unexpectedCharacter && error.offset == 2)
            #expect(error.description.contains("CHF"))
        }
    }
}
