/// The words that join a major amount to its minor part in a locale (Docs/ParsingRules.md §7):
/// `7 dólares e 99 centavos`, `5 kronor och 50 öre`, `12 Euro und 30 Cent`.
///
/// Each language's "and" comes from ICU's list patterns: the text an "and" list of two items
/// puts between them (` y ` in es, ` und ` in de, `和` in zh, ` و` in ar), when it is a word
/// (ja writes `、`, punctuation, which is no joiner). English "and" joins in every locale, as
/// English names and unit words count in every locale. The supplement adds the colloquial
/// joiners ICU lacks (`con` in es, `com` in pt, `と` in ja, `又` in zh). Matched folded, never
/// cutting a word.
struct JoinerWords: Sendable {
    /// Folded joiner keys; nil when the locale has none.
    private let trie: MarkerTrie?
    /// The joiner words as written, for review (`TestData/derived-words.tsv`).
    let words: [String]

    init(locale: String, region: String, language: String) {
        var words: [String] = []
        for source in [locale, "en"] {
            guard let joiner = ICU.listAndJoiner(ofLocale: source) else { continue }
            let word = CurrencyConventions.PatternWords.trimmed(joiner)
            if word.unicodeScalars.contains(where: { $0.properties.isAlphabetic }), !words.contains(word) { words.append(word) }
        }
        for entry in MarkerSupplement.shared.entries(.joiner) where entry.applies(inRegion: region, language: language) {
            if !words.contains(entry.form) { words.append(entry.form) }
        }
        self.words = words
        let keys = words.map { MarkerKey.bytes(of: $0, folded: true) }.filter { !$0.isEmpty }
        trie = keys.isEmpty ? nil : MarkerTrie(keys.map { ($0, 0) })
    }

    /// The end of a joiner word at `start`, or nil.
    func match(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let trie else { return nil }
        return MarkerKey.longestMatch(in: bytes, from: start, trie: trie, folded: true)?.end
    }
}
