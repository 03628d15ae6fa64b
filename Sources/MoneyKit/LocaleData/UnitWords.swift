/// Unit words and qualifier words (Docs/ParsingRules.md §7), derived from ICU's currency names
/// in one language: the noun of a name on its own, in every singular, plural and case form the
/// language's names contain — `dollars` from `US dollars`, `рублей` from `российских рублей`,
/// `Dollar` from `US-Dollar`, `Đô la` from `Đô la Mỹ`, `ドル` from `米ドル`, `บาท` from `บาทไทย` —
/// and the other words of the names, which qualify a noun (`Indian`, `australischer`).
///
/// The method, for one language:
/// 1. Each name form (display name and plural names, folded as marker keys) is split into
///    words at spaces and hyphens, and words of scripts written without spaces (Han, kana,
///    Thai, Lao, Khmer, Burmese) with ICU's word break rules (``NameWords``); parenthesized
///    and bracketed words (`(BCEAO)`) are left out.
/// 2. The noun side of the language: the end of a name (first or last word) where words
///    shared by the names of two or more currencies stand more often — the last word in
///    English (`US dollar`, `Canadian dollar`), the first in French (`dollar des États-Unis`).
/// 3. A name's nouns: its words that stand on the noun side of two or more currencies'
///    names (`доллар` in `доллар США`, since `австралийский доллар`...), and the runs of words
///    from that side shared the same way (`Đô la`, `CFA franc`); when there are none, the
///    word on the noun side (`rand` in `South African rand`). A one-word name is its own noun.
///    The nouns of the currencies legal tender today are their unit words.
/// 4. The other words are qualifiers (`Indian`, `South`): not currencies on their own, which
///    error messages explain, but they confirm which currency a noun next to them names.
/// 5. A noun written onto a qualifier with no space names that currency too (`ドル` in
///    `米ドル`, `pund` in `falklandspund`).
/// 6. Forms of one word: the words that stand at the same place in a currency's name forms
///    of equal length are forms of one word (`złoty`, `złote`, `złotych`; `روپیہ`, `روپے`).
///    A currency whose names have only some of a word's forms, all of which another
///    currency's names have too, takes that currency's other forms: a plural that ICU gives
///    one currency's name serves the currencies whose names lack it (`روپے`, which Urdu's
///    names have for the Indian rupee only, is the Pakistani rupee's too). Currencies with
///    forms of their own keep them (`kronor` stays Swedish, `krónur` Icelandic).
/// 7. Korean names end the noun with 화 (貨, "currency": `엔화`, `위안화`); the noun without
///    it is a noun too (`엔`, `위안`), as people write it.
///
/// Words are compared, and kept, as folded marker keys (``MarkerKey``). The test suite
/// checks the words derived for a score of languages, and `TestData/unit-words.tsv` lists
/// them for review.
struct UnitWords {
    /// Unit word (folded key) -> the current currencies it denotes.
    private(set) var words: [ByteKey: CurrencySet] = [:]
    /// Noun (folded key) -> the currencies, current or not, whose names it is the noun of.
    private(set) var nouns: [ByteKey: CurrencySet] = [:]
    /// Qualifier word (folded key) -> the currencies, current or not, whose names it qualifies.
    private(set) var qualifiers: [ByteKey: CurrencySet] = [:]

    /// One name form: its folded key and its words' byte ranges in it.
    private struct Form {
        let currency: UInt16
        let isCurrent: Bool
        let key: [UInt8]
        let words: [Range<Int>]

        /// The run of `count` words from the start or the end, as key bytes (with the
        /// separators between them as written).
        func run(_ count: Int, fromEnd: Bool) -> ArraySlice<UInt8> {
            fromEnd ? key[words[words.count - count].lowerBound..<words[words.count - 1].upperBound]
                : key[words[0].lowerBound..<words[count - 1].upperBound]
        }
    }

    /// One currency's name forms, as texts.
    struct Names {
        let currency: UInt16
        let isCurrent: Bool
        let forms: [String]
    }

    /// One currency's name forms, as folded marker keys.
    struct Keys {
        let currency: UInt16
        let isCurrent: Bool
        let keys: [[UInt8]]
    }

    /// Derives the words from every name form of each currency.
    init(names: [Names], splitter: NameWords = NameWords()) {
        self.init(keys: names.map { Keys(currency: $0.currency, isCurrent: $0.isCurrent,
                                          keys: $0.forms.map { MarkerKey.bytes(of: $0, folded: true) }) },
                  splitter: splitter)
    }

    /// Derives the words from the folded marker keys of every name form of each currency.
    init(keys names: [Keys], splitter: NameWords = NameWords()) {
        // 1. Words of every form.
        var forms: [Form] = []
        for name in names {
            var seen: Set<ByteKey> = []
            for key in name.keys {
                guard !key.isEmpty, seen.insert(ByteKey(key)).inserted else { continue }
                forms.append(Form(currency: name.currency, isCurrent: name.isCurrent, key: key, words: splitter.words(of: key)))
            }
        }
        let current = forms.filter(\.isCurrent)
        // 2. Which words and runs of words stand at each end of two or more current currencies' names.
        func shared(fromEnd: Bool) -> [ByteKey: CurrencySet] {
            var byRun: [ByteKey: CurrencySet] = [:]
            for form in current where form.words.count >= 2 {
                for length in 1...form.words.count {
                    byRun[ByteKey(form.run(length, fromEnd: fromEnd)), default: CurrencySet()].insert(form.currency)
                }
            }
            return byRun.filter { $0.value.count >= 2 }
        }
        let sharedFirst = shared(fromEnd: false)
        let sharedLast = shared(fromEnd: true)
        func score(_ table: [ByteKey: CurrencySet], fromEnd: Bool) -> Int {
            var currencies = CurrencySet()
            for form in current where form.words.count >= 2 && table[ByteKey(form.run(1, fromEnd: fromEnd))] != nil {
                currencies.insert(form.currency)
            }
            return currencies.count
        }
        let nounLast = score(sharedLast, fromEnd: true) >= score(sharedFirst, fromEnd: false)
        let nounTable = nounLast ? sharedLast : sharedFirst

        // 3. Nouns and unit words; 4. qualifiers.
        for form in forms where !form.words.isEmpty {
            var chosen: [Range<Int>] = []
            if form.words.count == 1 {
                chosen.append(form.words[0])
            } else {
                chosen += form.words.filter { nounTable[ByteKey(form.key[$0])] != nil }
                for length in 2...form.words.count where nounTable[ByteKey(form.run(length, fromEnd: nounLast))] != nil {
                    let run = form.run(length, fromEnd: nounLast)
                    chosen.append(run.startIndex..<run.endIndex)
                }
                if chosen.isEmpty { chosen.append(nounLast ? form.words.last! : form.words.first!) }
            }
            for range in chosen {
                let word = ByteKey(Array(form.key[range]))
                nouns[word, default: CurrencySet()].insert(form.currency)
                if form.isCurrent { words[word, default: CurrencySet()].insert(form.currency) }
            }
            for word in form.words where !chosen.contains(where: { $0.overlaps(word) }) {
                qualifiers[ByteKey(Array(form.key[word])), default: CurrencySet()].insert(form.currency)
            }
        }

        // 5. A noun written onto its qualifier (`米ドル`): walk each word from the noun side
        // through a trie of the unit words (reversed when the noun comes last), and take the
        // matches that end on a character boundary with something left over. In scripts that
        // separate words with spaces the noun has four letters or more (`pund` in
        // `falklandspund`): shorter ones begin too many words (`do`, the Vietnamese đô, and `dong`).
        let keys = Array(words.keys).filter { word in
            let scalars = String(decoding: word.bytes, as: UTF8.self).unicodeScalars
            return !scalars.allSatisfy { Characters.isWordLetter($0.value) || $0 == " " } || scalars.count >= 4
        }
        let trie = MarkerTrie(keys.enumerated().map { (nounLast ? Array($0.element.bytes.reversed()) : Array($0.element.bytes), Int32($0.offset)) })
        for form in forms {
            for word in form.words where word.count >= 3 {
                var node = MarkerTrie.root
                var characters = 0
                for step in 0..<(word.count - 1) {
                    let position = nounLast ? word.upperBound - 1 - step : word.lowerBound + step
                    node = trie.child(of: node, byte: form.key[position])
                    if node < 0 { break }
                    if form.key[position] & 0xC0 != 0x80 { characters += 1 }
                    let value = trie.value(at: node)
                    // On a character boundary (the match starts, or the rest starts, on a lead
                    // byte), and two characters at least.
                    let boundary = nounLast ? form.key[position] & 0xC0 != 0x80 : form.key[position + 1] & 0xC0 != 0x80
                    if value >= 0, boundary, characters >= 2 {
                        nouns[keys[Int(value)], default: CurrencySet()].insert(form.currency)
                        if form.isCurrent { words[keys[Int(value)]]!.insert(form.currency) }
                    }
                }
            }
        }

        // 6. Forms of one word.
        let lexemes = UnitWords.wordForms(forms)
        words = UnitWords.spread(words, over: lexemes)
        nouns = UnitWords.spread(nouns, over: lexemes)
        qualifiers = UnitWords.spread(qualifiers, over: lexemes)

        // 7. Korean nouns without 화.
        words = UnitWords.withoutKoreanCurrencySuffix(words)
        nouns = UnitWords.withoutKoreanCurrencySuffix(nouns)
    }

    /// The forms of each word (step 6): word -> the class of words standing at the same
    /// place in name forms of one currency that have as many words, merged across currencies
    /// through the words they share.
    private static func wordForms(_ forms: [Form]) -> [ByteKey: [ByteKey]] {
        var parent: [ByteKey: ByteKey] = [:]
        func root(_ word: ByteKey) -> ByteKey {
            var word = word
            while let up = parent[word], up != word { word = up }
            return word
        }
        func union(_ a: ByteKey, _ b: ByteKey) {
            if parent[a] == nil { parent[a] = a }
            if parent[b] == nil { parent[b] = b }
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[rb] = ra }
        }
        var byCurrency: [UInt16: [Form]] = [:]
        for form in forms { byCurrency[form.currency, default: []].append(form) }
        for (_, currencyForms) in byCurrency where currencyForms.count >= 2 {
            for (index, form) in currencyForms.enumerated() {
                for other in currencyForms[(index + 1)...] where other.words.count == form.words.count {
                    for position in form.words.indices {
                        let a = ByteKey(Array(form.key[form.words[position]]))
                        let b = ByteKey(Array(other.key[other.words[position]]))
                        if a != b { union(a, b) }
                    }
                }
            }
        }
        var classes: [ByteKey: [ByteKey]] = [:]
        for word in parent.keys { classes[root(word), default: []].append(word) }
        var result: [ByteKey: [ByteKey]] = [:]
        for (_, members) in classes where members.count >= 2 {
            for word in members { result[word] = members }
        }
        return result
    }

    /// Fills gaps in word forms (step 6): a currency that has some forms of a word, all of
    /// which another currency has too, gets the other currency's forms.
    private static func spread(_ table: [ByteKey: CurrencySet], over lexemes: [ByteKey: [ByteKey]]) -> [ByteKey: CurrencySet] {
        var result = table
        var done: Set<ByteKey> = []
        for (word, _) in table {
            guard let forms = lexemes[word], done.insert(forms.min { $0.bytes.lexicographicallyPrecedes($1.bytes) }!).inserted
            else { continue }
            // Each currency's forms of the word, as a set of positions in `forms`.
            var owned: [UInt16: Set<Int>] = [:]
            for (position, form) in forms.enumerated() {
                for currency in table[form]?.members ?? [] { owned[currency, default: []].insert(position) }
            }
            for (taker, have) in owned {
                for (giver, theirs) in owned where giver != taker && have.isStrictSubset(of: theirs) {
                    for position in theirs.subtracting(have) { result[forms[position], default: CurrencySet()].insert(taker) }
                }
            }
        }
        return result
    }

    /// Adds, for every Korean noun ending in 화 after at least one syllable, the noun without it.
    private static func withoutKoreanCurrencySuffix(_ table: [ByteKey: CurrencySet]) -> [ByteKey: CurrencySet] {
        let suffix: [UInt8] = Array("화".utf8)
        var result = table
        for (word, currencies) in table where word.bytes.count > suffix.count && word.bytes.suffix(suffix.count).elementsEqual(suffix) {
            let stem = word.bytes.dropLast(suffix.count)
            // The syllable before 화 must be Hangul (a word, not a separator).
            guard let last = String(decoding: stem, as: UTF8.self).unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value)
            else { continue }
            result[ByteKey(Array(stem)), default: CurrencySet()].formUnion(currencies)
        }
        return result
    }
}

/// Splits a currency name's folded key into words (Docs/ParsingRules.md §7): at spaces and
/// hyphens, leaving out parenthesized and bracketed parts, and within runs of a script written
/// without spaces (Han, kana, Thai, Lao, Khmer, Burmese) at ICU's word boundaries for the
/// language, which has dictionaries for them (`新台湾ドル`: 新 台湾 ドル; `บาทไทย`: บาท ไทย).
struct NameWords {
    /// ICU's word breaker of the language, opened when first needed; nil splits at spaces and
    /// hyphens only.
    private let breaker: LazyWordBreaker?

    /// Splits at spaces and hyphens, and, given a locale, unspaced scripts by its word break rules.
    init(locale: String? = nil) {
        breaker = locale.map(LazyWordBreaker.init)
    }

    /// ICU's word breaker for a locale, opened on first use (most languages' names hold no
    /// unspaced script and never need one). Used by one thread: a name table is built by the
    /// thread that asked for it.
    private final class LazyWordBreaker {
        let locale: String
        private var opened: ICU.WordBreaker??

        init(_ locale: String) { self.locale = locale }

        var breaker: ICU.WordBreaker? {
            if let opened { return opened }
            let made = ICU.WordBreaker(locale: locale)
            opened = .some(made)
            return made
        }
    }

    /// The byte ranges of the words of a folded key.
    func words(of key: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var depth = 0
        var start = 0
        for index in 0...key.count {
            let byte = index < key.count ? key[index] : 0x20
            if byte == 0x28 || byte == 0x5B { depth += 1 }
            let isSeparator = byte == 0x20 || byte == 0x2D || byte == 0x28 || byte == 0x5B || byte == 0x29 || byte == 0x5D
            if isSeparator {
                if index > start, depth == 0 { result += split(key, start..<index) }
                start = index + 1
            }
            if byte == 0x29 || byte == 0x5D { depth = max(depth - 1, 0) }
        }
        return result
    }

    /// A word, or its pieces when it holds a script written without spaces.
    private func split(_ key: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        guard let breaker, key[range].contains(where: { $0 >= 0xE0 }) else { return [range] }
        let text = String(decoding: key[range], as: UTF8.self)
        guard text.unicodeScalars.contains(where: NameWords.isUnspacedScript), let words = breaker.breaker else { return [range] }
        var pieces: [Range<Int>] = []
        var offset = range.lowerBound
        for piece in words.pieces(text) {
            let length = piece.utf8.count
            // Only pieces with letters are words (ICU also returns spaces and punctuation).
            if piece.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
                pieces.append(offset..<(offset + length))
            }
            offset += length
        }
        return pieces.isEmpty ? [range] : pieces
    }

    /// Whether a scalar is of a script written without spaces between words: Han, Hiragana,
    /// Katakana, Thai, Lao, Khmer, Burmese.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }
}
