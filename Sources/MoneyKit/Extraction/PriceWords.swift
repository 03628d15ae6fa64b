/// The words of a language that say what an amount in free text is (Docs/Extraction.md):
/// price words (`Preis`, `total`, `価格`), which make an amount without a marker after them
/// money; old-price words (`was`, `statt`, `UVP`), which mark a struck price; and range words
/// (`bis`, `à`), which join the two ends of a range. ICU has none of them: they come from the
/// supplement (`Resources/marker-supplement.tsv`, kinds `price-word`, `old-price-word` and
/// `range-word`), each with its evidence.
struct PriceWords: Sendable {
    /// One word as the text may write it: its UTF-8 in lower case (compared with the text's
    /// bytes lowered the same way).
    struct Word: Sendable {
        let lowered: [UInt8]
    }

    let priceWords: [Word]
    let oldPriceWords: [Word]
    let rangeWords: [Word]

    /// The words of a locale's language and region.
    init(region: String, language: String) {
        func words(_ kind: MarkerSupplement.Kind) -> [Word] {
            MarkerSupplement.shared.entries(kind).filter { $0.applies(inRegion: region, language: language) }
                .map { Word(lowered: Array($0.form.lowercased().utf8)) }
                // Longest first: `ord. pris` before a shorter word it ends with.
                .sorted { $0.lowered.count > $1.lowered.count }
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
    /// spaced script right before it), compared in lower case; nil when none does.
    static func word(in words: [Word], endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Word? {
        for word in words where word.lowered.count <= end {
            let start = end - word.lowered.count
            guard start == 0 || bytes[start] & 0xC0 != 0x80 else { continue }
            guard lowered(bytes, start, end) == word.lowered else { continue }
            if start > 0 {
                let before = Characters.startOfScalar(endingAt: start, notBefore: 0, in: bytes)
                if Characters.isWordLetter(Characters.decode(bytes, at: before).scalar) { continue }
            }
            return word
        }
        return nil
    }

    /// The word of `words` that starts at `start` as a whole word (no letter of a spaced
    /// script right after it); nil when none does.
    static func word(in words: [Word], startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Word? {
        for word in words where start + word.lowered.count <= bytes.count {
            let end = start + word.lowered.count
            guard end == bytes.count || bytes[end] & 0xC0 != 0x80 else { continue }
            guard lowered(bytes, start, end) == word.lowered else { continue }
            if end < bytes.count, Characters.isWordLetter(Characters.decode(bytes, at: end).scalar) { continue }
            return word
        }
        return nil
    }

    /// The text's bytes between two scalar boundaries in lower case (the text is valid UTF-8).
    private static func lowered(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        if bytes[start..<end].allSatisfy({ $0 < 0x80 }) {
            return bytes[start..<end].map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        }
        return Array(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).lowercased().utf8)
    }
}
