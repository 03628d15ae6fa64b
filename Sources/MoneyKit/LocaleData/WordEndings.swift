/// The case and possessive endings that unit words and scale words take in a language whose
/// names ICU writes in one form only (Docs/ParsingRules.md §7): Hungarian `5000 forintot`,
/// `forintban`, `euróra`; Turkish `liraya`, `dolarlık`; Finnish `eurolla`, `euron`; Estonian
/// `miljoni`. From the supplement (kind `ending`, scoped by language): ICU has no case data
/// for currency names. A word of the input is read as a unit word or scale word with an
/// ending only when the whole word is exactly one of them (three letters or more) followed by
/// one of the language's endings.
struct WordEndings: Sendable {
    /// The endings as folded keys, longest first.
    let endings: [[UInt8]]

    /// The endings in scope for a locale; nil when its language has none.
    init?(region: String, language: String) {
        let keys = MarkerSupplement.shared.entries(.ending).filter { $0.applies(inRegion: region, language: language) }
            .map { MarkerKey.bytes(of: $0.form, folded: true) }.filter { !$0.isEmpty }
        guard !keys.isEmpty else { return nil }
        endings = Set(keys.map { ByteKey($0) }).map { Array($0.bytes) }.sorted { $0.count > $1.count }
    }

    /// Fewest letters the word before an ending has.
    static let shortestStem = 3
}
