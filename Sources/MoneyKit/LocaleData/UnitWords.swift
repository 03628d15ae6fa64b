/// Unit words (Docs/ParsingRules.md §7): the noun of a currency's name on its own, in every
/// singular, plural and case form the language's ICU names contain — `dollars` from
/// `US dollars`, `рублей` from `российских рублей`, `Dollar` from `US-Dollar`, `Đô la` from
/// `Đô la Mỹ` — derived from ICU's names of the currencies that are legal tender today.
///
/// The method, for one language:
/// 1. Each name form (display name and plural names) is split into words at spaces and
///    hyphens; a word must hold a letter, and parenthesized words (`(BCEAO)`) are left out.
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
/// The test suite checks the words derived for a dozen languages against their ICU names.
struct UnitWords {
    /// Unit word (as written in one of the names) -> the currencies it denotes.
    private(set) var words: [String: CurrencySet] = [:]
    /// Qualifier word -> the currencies whose names it qualifies.
    private(set) var qualifiers: [String: CurrencySet] = [:]

    /// A word of a name, as a range of its scalars, with its case-folded key.
    private struct Word {
        let range: Range<Int>
        let key: [UInt8]
    }

    /// Derives the unit words from every name form of each currency (those legal tender today).
    init(names: [(currency: UInt16, forms: [String])]) {
        // 1. Words of every form.
        var split: [(currency: UInt16, scalars: [Unicode.Scalar], words: [Word])] = []
        for (currency, forms) in names {
            for form in Set(forms) {
                let scalars = Array(form.unicodeScalars)
                split.append((currency, scalars, UnitWords.words(of: scalars)))
            }
        }
        // 2. Which words (and runs of words) stand at each end of two or more currencies' names.
        func shared(fromEnd: Bool) -> [[UInt8]: CurrencySet] {
            var byRun: [[UInt8]: CurrencySet] = [:]
            for (currency, _, words) in split where words.count >= 2 {
                for length in 1..<words.count {
                    let run = fromEnd ? Array(words.suffix(length)) : Array(words.prefix(length))
                    byRun[UnitWords.key(of: run), default: CurrencySet()].insert(currency)
                }
            }
            return byRun.filter { $0.value.count >= 2 }
        }
        let sharedFirst = shared(fromEnd: false)
        let sharedLast = shared(fromEnd: true)
        func score(_ table: [[UInt8]: CurrencySet], fromEnd: Bool) -> Int {
            var currencies = CurrencySet()
            for (currency, _, words) in split where words.count >= 2 {
                let end = fromEnd ? words.last! : words.first!
                if table[end.key] != nil { currencies.insert(currency) }
            }
            return currencies.count
        }
        let nounLast = score(sharedLast, fromEnd: true) >= score(sharedFirst, fromEnd: false)
        let nounTable = nounLast ? sharedLast : sharedFirst

        // 3. Unit words; 4. qualifiers.
        for (currency, scalars, words) in split where !words.isEmpty {
            func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
            var chosen: [Range<Int>] = []
            if words.count == 1 {
                chosen.append(words[0].range)
            } else {
                chosen += words.filter { nounTable[$0.key] != nil }.map(\.range)
                for length in 2..<words.count {
                    let run = nounLast ? Array(words.suffix(length)) : Array(words.prefix(length))
                    if nounTable[UnitWords.key(of: run)] != nil { chosen.append(run.first!.range.lowerBound..<run.last!.range.upperBound) }
                }
                if chosen.isEmpty { chosen.append((nounLast ? words.last! : words.first!).range) }
            }
            for range in chosen { self.words[text(range), default: CurrencySet()].insert(currency) }
            for word in words where !chosen.contains(where: { $0.overlaps(word.range) }) {
                qualifiers[text(word.range), default: CurrencySet()].insert(currency)
            }
        }

        // 5. A unit word written onto its qualifier, with no space, names that currency too:
        // `ドル` in `米ドル` (Japanese writes some names with spaces, others without), `pund`
        // in Norwegian `falklandspund`.
        var byKey: [[UInt8]: String] = [:]
        for word in self.words.keys { byKey[MarkerKey.bytes(of: word, folded: true)] = word }
        for (currency, scalars, words) in split {
            for word in words where word.range.count >= 3 {
                let range = word.range
                for cut in 1..<(range.count - 1) {
                    let part = nounLast ? scalars[(range.lowerBound + cut)..<range.upperBound] : scalars[range.lowerBound..<(range.upperBound - cut)]
                    let key = MarkerKey.bytes(of: String(String.UnicodeScalarView(part)), folded: true)
                    if let unitWord = byKey[key] { self.words[unitWord]!.insert(currency) }
                }
            }
        }
    }

    /// The words of a name: split at spaces and hyphens, each holding a letter, without
    /// parenthesized ones.
    private static func words(of scalars: [Unicode.Scalar]) -> [Word] {
        var result: [Word] = []
        var start: Int?
        func close(_ end: Int) {
            guard let begin = start else { return }
            start = nil
            let part = scalars[begin..<end]
            guard part.contains(where: { $0.properties.isAlphabetic }), part.first != "(", part.last != ")",
                  part.first != "[", part.last != "]" else { return }
            result.append(Word(range: begin..<end, key: MarkerKey.bytes(of: String(String.UnicodeScalarView(part)), folded: true)))
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isWhitespace || scalar == "-" || scalar == "\u{2010}" || scalar == "\u{2011}" {
                close(index)
            } else if start == nil {
                start = index
            }
        }
        close(scalars.count)
        return result
    }

    /// The identity of a run of words: their folded keys joined by spaces.
    private static func key(of run: [Word]) -> [UInt8] {
        var key: [UInt8] = []
        for word in run {
            if !key.isEmpty { key.append(0x20) }
            key += word.key
        }
        return key
    }
}
