/// The words of a language that say what an amount in free text is (Docs/Extraction.md):
/// price words (`Preis`, `total`, `価格`), which make an amount without a marker after them
/// money; old-price words (`was`, `statt`, `UVP`), which mark a struck price; and range words
/// (`bis`, `à`), which join the two ends of a range. ICU has none of them: they come from the
/// supplement (`Resources/marker-supplement.tsv`, kinds `price-word`, `old-price-word` and
/// `range-word`), each with its evidence.
struct PriceWords: Sendable {
    /// One word: its folded marker key (Docs/ParsingRules.md §2) and the length of its UTF-8
    /// as the supplement writes it (text of that length is keyed and compared: any case).
    struct Word: Sendable {
        let key: [UInt8]
        let length: Int
    }

    let priceWords: [Word]
    let oldPriceWords: [Word]
    let rangeWords: [Word]

    /// The words of a locale's language and region.
    init(region: String, language: String) {
        func words(_ kind: MarkerSupplement.Kind) -> [Word] {
            MarkerSupplement.shared.entries(kind).filter { $0.applies(inRegion: region, language: language) }
                .map { Word(key: MarkerKey.bytes(of: $0.form, folded: true), length: $0.form.utf8.count) }
                // Longest first: `ord. pris` before a shorter word it ends with.
                .sorted { $0.length > $1.length }
        }
        priceWords = words(.priceWord)
        oldPriceWords = words(.oldPriceWord)
        rangeWords = words(.rangeWord)
    }

    private static let cache = DerivedCache<String, PriceWords>()

    /// The words for a locale profile, built once per region and language.
    static func forProfile(_ profile: LocaleProfile) -> PriceWords {
        cache.value(for: "\(profile.language)_\(profile.region)") {
            PriceWords(region: profile.region, language: profile.language)
        }
    }

    /// The word of `words` that ends at `end` in `bytes` as a whole word (no letter of a
    /// spaced script right before it), compared as marker keys; nil when none does.
    static func word(in words: [Word], endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Word? {
        for word in words where word.length <= end {
            let start = end - word.length
            guard start == 0 || bytes[start] & 0xC0 != 0x80 else { continue }
            guard key(bytes, start, end) == word.key else { continue }
            if start > 0 {
                let before = Characters.startOfScalar(endingAt: start, notBefore: 0, in: bytes)
                if Characters.isWordLetter(Characters.decode(bytes, at: before).scalar) { continue }
            }
            return word
        }
        return nil
    }

    /// The word of `words` that starts at `start` as a whole word (no letter of a spaced
    /// script right after it), compared as marker keys; nil when none does.
    static func word(in words: [Word], startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Word? {
        for word in words where start + word.length <= bytes.count {
            let end = start + word.length
            guard end == bytes.count || bytes[end] & 0xC0 != 0x80 else { continue }
            guard key(bytes, start, end) == word.key else { continue }
            if end < bytes.count, Characters.isWordLetter(Characters.decode(bytes, at: end).scalar) { continue }
            return word
        }
        return nil
    }

    /// The marker key of the text between two scalar boundaries.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        MarkerKey.bytes(ofUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]), folded: true)
    }
}
