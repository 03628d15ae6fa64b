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
/// checks the words derived for a score of languages, and `TestData/derived-words.tsv` lists
/// them for review.
struct UnitWords {
    /// Unit word (folded key) -> the current currencies it denotes.
    private(set) var words: [ByteKey: CurrencySet] = [:]
    /// Noun (folded key) -> the currencies, current or not, whose names it is the noun of.
    private(set) var nouns: [ByteKey: CurrencySet] = [:]
    /// Qualifier word (folded key) -> the currencies, current or not, whose names it qualifies.
    private(set) var qualifiers: [ByteKey: CurrencySet] = [:]

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

    /// One name form: its folded key, its words' byte ranges in it, and the numbers of its
    /// words and of the runs of words from either end (see ``Texts``).
    private struct Form {
        let currency: UInt16
        let isCurrent: Bool
        let key: [UInt8]
        let words: [Range<Int>]
        /// The number of each word's text.
        let ids: [Int32]
        /// The number of the run of `n + 1` words from the start, at `n` (names of two words or more).
        let firstRuns: [Int32]
        /// The number of the run of `n + 1` words from the end, at `n` (names of two words or more).
        let lastRuns: [Int32]

        init(currency: UInt16, isCurrent: Bool, key: [UInt8], words: [Range<Int>], texts: inout Texts) {
            self.currency = currency
            self.isCurrent = isCurrent
            self.key = key
            self.words = words
            ids = words.map { texts.id(key[$0]) }
            guard words.count >= 2 else {
                firstRuns = []
                lastRuns = []
                return
            }
            var first: [Int32] = [], last: [Int32] = []
            for length in 1...words.count {
                first.append(length == 1 ? ids[0] : texts.id(key[words[0].lowerBound..<words[length - 1].upperBound]))
                last.append(length == 1 ? ids[words.count - 1]
                    : texts.id(key[words[words.count - length].lowerBound..<words[words.count - 1].upperBound]))
            }
            firstRuns = first
            lastRuns = last
        }

        /// The numbers of the runs from one end.
        func runs(fromEnd: Bool) -> [Int32] { fromEnd ? lastRuns : firstRuns }

        /// The byte range of the run of `count` words from the start or the end (with the
        /// separators between them as written).
        func run(_ count: Int, fromEnd: Bool) -> Range<Int> {
            fromEnd ? words[words.count - count].lowerBound..<words[words.count - 1].upperBound
                : words[0].lowerBound..<words[count - 1].upperBound
        }
    }

    /// The distinct texts of words and runs of words, numbered in order of appearance: the
    /// steps below count and relate numbers rather than hashing texts again and again (this
    /// runs once per language at cold start).
    private struct Texts {
        private(set) var texts: [ArraySlice<UInt8>] = []
        private var numbers: [ByteKey: Int32] = [:]

        /// The number of a text, given one on first sight.
        mutating func id(_ bytes: ArraySlice<UInt8>) -> Int32 {
            if let known = numbers[ByteKey(bytes)] { return known }
            let id = Int32(texts.count)
            texts.append(bytes)
            numbers[ByteKey(bytes)] = id
            return id
        }

        /// A table by number as a table by (copied) text.
        func byText(_ table: [Int32: CurrencySet]) -> [ByteKey: CurrencySet] {
            var result: [ByteKey: CurrencySet] = [:]
            result.reserveCapacity(table.count)
            for (id, currencies) in table { result[ByteKey(Array(texts[Int(id)]))] = currencies }
            return result
        }
    }

    /// Derives the words from the folded marker keys of every name form of each currency.
    init(keys names: [Keys], splitter: NameWords = NameWords()) {
        // 1. Words of every form.
        var texts = Texts()
        var forms: [Form] = []
        for name in names {
            var seen: Set<ByteKey> = []
            for key in name.keys {
                guard !key.isEmpty, seen.insert(ByteKey(key)).inserted else { continue }
                forms.append(Form(currency: name.currency, isCurrent: name.isCurrent, key: key,
                                  words: splitter.words(of: key), texts: &texts))
            }
        }
        // 2. Which words and runs of words stand at each end of two or more current currencies' names.
        func shared(fromEnd: Bool) -> [Int32: CurrencySet] {
            var byRun: [Int32: CurrencySet] = [:]
            for form in forms where form.isCurrent && form.words.count >= 2 {
                for run in form.runs(fromEnd: fromEnd) { byRun[run, default: CurrencySet()].insert(form.currency) }
            }
            return byRun.filter { $0.value.count >= 2 }
        }
        let sharedFirst = shared(fromEnd: false)
        let sharedLast = shared(fromEnd: true)
        func score(_ table: [Int32: CurrencySet], fromEnd: Bool) -> Int {
            var currencies = CurrencySet()
            for form in forms where form.isCurrent && form.words.count >= 2 && table[form.runs(fromEnd: fromEnd)[0]] != nil {
                currencies.insert(form.currency)
            }
            return currencies.count
        }
        let nounLast = score(sharedLast, fromEnd: true) >= score(sharedFirst, fromEnd: false)
        let nounTable = nounLast ? sharedLast : sharedFirst

        // 3. Nouns and unit words; 4. qualifiers.
        var words: [Int32: CurrencySet] = [:]
        var nouns: [Int32: CurrencySet] = [:]
        var qualifiers: [Int32: CurrencySet] = [:]
        for form in forms where !form.words.isEmpty {
            var chosen: [(range: Range<Int>, id: Int32)] = []
            if form.words.count == 1 {
                chosen.append((form.words[0], form.ids[0]))
            } else {
                for (range, id) in zip(form.words, form.ids) where nounTable[id] != nil { chosen.append((range, id)) }
                let runs = form.runs(fromEnd: nounLast)
                for length in 2...form.words.count where nounTable[runs[length - 1]] != nil {
                    chosen.append((form.run(length, fromEnd: nounLast), runs[length - 1]))
                }
                if chosen.isEmpty {
                    chosen.append(nounLast ? (form.words[form.words.count - 1], form.ids[form.ids.count - 1]) : (form.words[0], form.ids[0]))
                }
            }
            for (_, id) in chosen {
                nouns[id, default: CurrencySet()].insert(form.currency)
                if form.isCurrent { words[id, default: CurrencySet()].insert(form.currency) }
            }
            for (range, id) in zip(form.words, form.ids) where !chosen.contains(where: { $0.range.overlaps(range) }) {
                qualifiers[id, default: CurrencySet()].insert(form.currency)
            }
        }

        // 5. A noun written onto its qualifier (`米ドル`): walk each word from the noun side
        // through a trie of the unit words (reversed when the noun comes last), and take the
        // matches that end on a character boundary with something left over. In scripts that
        // separate words with spaces the noun has four letters or more (`pund` in
        // `falklandspund`): shorter ones begin too many words (`do`, the Vietnamese đô, and `dong`).
        let keys = words.keys.filter { id in
            let scalars = String(decoding: texts.texts[Int(id)], as: UTF8.self).unicodeScalars
            return !scalars.allSatisfy { Characters.isWordLetter($0.value) || $0 == " " } || scalars.count >= 4
        }
        let trie = MarkerTrie(keys.map { id in
            let bytes = texts.texts[Int(id)]
            return (nounLast ? Array(bytes.reversed()) : Array(bytes), id)
        })
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
                        nouns[value, default: CurrencySet()].insert(form.currency)
                        if form.isCurrent { words[value]!.insert(form.currency) }
                    }
                }
            }
        }

        // 6. Forms of one word.
        let lexemes = UnitWords.wordForms(forms, textCount: texts.texts.count)
        words = UnitWords.spread(words, over: lexemes)
        nouns = UnitWords.spread(nouns, over: lexemes)
        qualifiers = UnitWords.spread(qualifiers, over: lexemes)

        // 7. Korean nouns without 화.
        self.words = UnitWords.withoutKoreanCurrencySuffix(texts.byText(words))
        self.nouns = UnitWords.withoutKoreanCurrencySuffix(texts.byText(nouns))
        self.qualifiers = texts.byText(qualifiers)
    }

    /// The forms of words (step 6): the classes (of two words or more) of words standing at
    /// the same place in name forms of one currency that have as many words, merged across
    /// currencies through the words they share.
    private static func wordForms(_ forms: [Form], textCount: Int) -> [[Int32]] {
        // Union-find over text numbers.
        var parent = Array(Int32(0)..<Int32(textCount))
        func root(_ word: Int32) -> Int32 {
            var word = word
            while parent[Int(word)] != word { word = parent[Int(word)] }
            return word
        }
        var joined: [Int32] = []
        var byCurrency: [UInt16: [Int]] = [:]
        for (index, form) in forms.enumerated() { byCurrency[form.currency, default: []].append(index) }
        for (_, indexes) in byCurrency where indexes.count >= 2 {
            for (position, index) in indexes.enumerated() {
                let form = forms[index]
                for otherIndex in indexes[(position + 1)...] where forms[otherIndex].words.count == form.words.count {
                    for (a, b) in zip(form.ids, forms[otherIndex].ids) where a != b {
                        joined.append(a)
                        joined.append(b)
                        let (ra, rb) = (root(a), root(b))
                        if ra != rb { parent[Int(rb)] = ra }
                    }
                }
            }
        }
        var classes: [Int32: [Int32]] = [:]
        for word in Set(joined) { classes[root(word), default: []].append(word) }
        return classes.values.filter { $0.count >= 2 }
    }

    /// Fills gaps in word forms (step 6): a currency that has some forms of a word, all of
    /// which another currency has too, gets the other currency's forms.
    private static func spread(_ table: [Int32: CurrencySet], over lexemes: [[Int32]]) -> [Int32: CurrencySet] {
        var result = table
        for forms in lexemes {
            // Each currency's forms of the word, as a set of positions in `forms`.
            var owned: [UInt16: Set<Int>] = [:]
            for (position, form) in forms.enumerated() {
                for currency in table[form]?.members ?? [] { owned[currency, default: []].insert(position) }
            }
            guard owned.count >= 2 else { continue }
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
    /// The locale whose word break rules split unspaced scripts; nil splits at spaces and
    /// hyphens only.
    private let locale: String?

    /// Splits at spaces and hyphens, and, given a locale, unspaced scripts by its word break rules.
    init(locale: String? = nil) {
        self.locale = locale
    }

    /// ICU's word breakers by locale, opened on first need (most languages' names hold no
    /// unspaced script) and kept: opening one loads its dictionaries, which costs
    /// milliseconds. A breaker is used under the lock.
    private static let breakers = Locked<[String: ICU.WordBreaker]>([:])

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
        guard let locale, key[range].contains(where: { $0 >= 0xE0 }) else { return [range] }
        let text = String(decoding: key[range], as: UTF8.self)
        guard text.unicodeScalars.contains(where: NameWords.isUnspacedScript) else { return [range] }
        let split = NameWords.breakers.withLock { breakers -> [String]? in
            if breakers[locale] == nil, let opened = ICU.WordBreaker(locale: locale) { breakers[locale] = opened }
            return breakers[locale]?.pieces(text)
        }
        guard let split else { return [range] }
        var pieces: [Range<Int>] = []
        var offset = range.lowerBound
        for piece in split {
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
