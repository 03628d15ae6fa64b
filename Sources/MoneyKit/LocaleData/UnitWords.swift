/// Unit words (Docs/ParsingRules.md §7): the noun of a currency's name on its own, in every
/// singular, plural and case form the language's ICU names contain — `dollars` from
/// `US dollars`, `рублей` from `российских рублей`, `Dollar` from `US-Dollar`, `Đô la` from
/// `Đô la Mỹ` — derived from ICU's names of the currencies that are legal tender today.
///
/// The method, for one language:
/// 1. Each name form (display name and plural names) is split into words at spaces and
///    hyphens; parenthesized and bracketed words (`(BCEAO)`) are left out.
/// 2. The noun side of the language: the end of a name (first or last word) where words
///    shared by the names of two or more currencies stand more often — the last word in
///    English (`US dollar`, `Canadian dollar`), the first in French (`dollar des États-Unis`).
/// 3. A name's unit words: its words that stand on the noun side of two or more currencies'
///    names (`доллар` in `доллар США`, since `австралийский доллар`...), and the runs of words
///    from the noun side shared the same way (`Đô la`, `CFA franc`); when there are none, the
///    word on the noun side (`rand` in `South African rand`). A one-word name is its own unit word.
/// 4. The other words are qualifiers (`Indian`, `South`): not currencies on their own, which
///    error messages explain.
/// 5. A unit word written onto a qualifier with no space names that currency too (`ドル` in
///    `米ドル`, `pund` in `falklandspund`).
///
/// Words are compared, and kept, as case-folded marker keys (``MarkerKey``). The test suite
/// checks the words derived for a score of languages.
struct UnitWords {
    /// Unit word (folded key) -> the currencies it denotes.
    private(set) var words: [ByteKey: CurrencySet] = [:]
    /// Qualifier word (folded key) -> the currencies whose names it qualifies.
    private(set) var qualifiers: [ByteKey: CurrencySet] = [:]

    /// One name form: its folded key and its words' byte ranges in it.
    private struct Form {
        let currency: UInt16
        let key: [UInt8]
        let words: [Range<Int>]

        /// The run of `count` words from the start or the end, as key bytes (with the
        /// separators between them as written).
        func run(_ count: Int, fromEnd: Bool) -> ArraySlice<UInt8> {
            fromEnd ? key[words[words.count - count].lowerBound..<words[words.count - 1].upperBound]
                : key[words[0].lowerBound..<words[count - 1].upperBound]
        }
    }

    /// Derives the unit words from every name form of each currency (those legal tender today).
    init(names: [(currency: UInt16, forms: [String])]) {
        self.init(keys: names.map { ($0.currency, $0.forms.map { MarkerKey.bytes(of: $0, folded: true) }) })
    }

    /// Derives the unit words from the folded marker keys of every name form of each currency.
    init(keys names: [(currency: UInt16, keys: [[UInt8]])]) {
        // 1. Words of every form.
        var forms: [Form] = []
        for (currency, keys) in names {
            var seen: Set<ByteKey> = []
            for key in keys {
                guard !key.isEmpty, seen.insert(ByteKey(key)).inserted else { continue }
                forms.append(Form(currency: currency, key: key, words: UnitWords.words(of: key)))
            }
        }
        // 2. Which words and runs of words stand at each end of two or more currencies' names.
        func shared(fromEnd: Bool) -> [ByteKey: CurrencySet] {
            var byRun: [ByteKey: CurrencySet] = [:]
            for form in forms where form.words.count >= 2 {
                for length in 1..<form.words.count {
                    byRun[ByteKey(form.run(length, fromEnd: fromEnd)), default: CurrencySet()].insert(form.currency)
                }
            }
            return byRun.filter { $0.value.count >= 2 }
        }
        let sharedFirst = shared(fromEnd: false)
        let sharedLast = shared(fromEnd: true)
        func score(_ table: [ByteKey: CurrencySet], fromEnd: Bool) -> Int {
            var currencies = CurrencySet()
            for form in forms where form.words.count >= 2 && table[ByteKey(form.run(1, fromEnd: fromEnd))] != nil {
                currencies.insert(form.currency)
            }
            return currencies.count
        }
        let nounLast = score(sharedLast, fromEnd: true) >= score(sharedFirst, fromEnd: false)
        let nounTable = nounLast ? sharedLast : sharedFirst

        // 3. Unit words; 4. qualifiers.
        for form in forms where !form.words.isEmpty {
            var chosen: [Range<Int>] = []
            if form.words.count == 1 {
                chosen.append(form.words[0])
            } else {
                chosen += form.words.filter { nounTable[ByteKey(form.key[$0])] != nil }
                for length in 2..<form.words.count where nounTable[ByteKey(form.run(length, fromEnd: nounLast))] != nil {
                    let run = form.run(length, fromEnd: nounLast)
                    chosen.append(run.startIndex..<run.endIndex)
                }
                if chosen.isEmpty { chosen.append(nounLast ? form.words.last! : form.words.first!) }
            }
            for range in chosen { words[ByteKey(Array(form.key[range])), default: CurrencySet()].insert(form.currency) }
            for word in form.words where !chosen.contains(where: { $0.overlaps(word) }) {
                qualifiers[ByteKey(Array(form.key[word])), default: CurrencySet()].insert(form.currency)
            }
        }

        // 5. A unit word written onto its qualifier (`米ドル`): walk each word from the noun
        // side through a trie of the unit words (reversed when the noun comes last), and take
        // the matches that end on a character boundary with something left over.
        let keys = Array(words.keys)
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
                    if value >= 0, boundary, characters >= 2 { words[keys[Int(value)]]!.insert(form.currency) }
                }
            }
        }
    }

    /// The words of a folded name key: split at spaces and hyphens, without parenthesized
    /// or bracketed ones.
    private static func words(of key: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for index in 0...key.count where index == key.count || key[index] == 0x20 || key[index] == 0x2D {
            if index > start, ![0x28, 0x5B].contains(key[start]), ![0x29, 0x5D].contains(key[index - 1]) {
                result.append(start..<index)
            }
            start = index + 1
        }
        return result
    }
}
