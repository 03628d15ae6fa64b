/// The scale words of a language (Docs/ParsingRules.md §7), read from ICU's spell-out rules
/// (RBNF): the words ICU writes for 10^3 to 10^12 in every cardinal rule set (genders and
/// cases) and for several counts, so that every plural and case form it produces is one
/// (`Millionen`, `milhões`, `miliardów`, `тысяч`, `milyar`, `lakh`, `crore`, `ล้าน`), and
/// compound ones (`mil millones` is 10^9 in Spanish, `nghìn tỷ` 10^12 in Vietnamese).
///
/// The method, for a count n (1, 2 and 5: singular, dual or paucal, plural) and a power of
/// ten k, in each cardinal rule set: spell out n × 10^k and n; when the first text begins
/// with the spelling of n in any of the rule sets (`zwei­millionen`... `zwei Millionen`), the
/// rest is the word for 10^k, written after the number; when it ends with it (Swahili `elfu
/// moja`), the rest comes before the number; for n = 1 the whole text may be the word (`mil`,
/// `tysiąc`, `ألف`). A candidate that holds a number word (the spelling of 1 to 100, or of a
/// few hundreds: `दस लाख` is "ten lakh") or only CJK numerals (read by §4b already), or that ICU writes for two
/// powers, is dropped. ICU's invisible break hints (U+00AD, U+200B) separate words written
/// together (`zwei­tausend`), so the word is `tausend`.
///
/// Languages without spell-out rules of their own get none (ICU falls back to another
/// language's rules there). Opening ICU's rules is costly (they are parsed whole), so each
/// language's words are read once per process.
enum ScaleWords {
    /// One scale word: its text, its power of ten, and its side of the number.
    struct Word: Sendable, Equatable {
        let text: String
        let exponent: Int
        let side: MarkerSide
    }

    /// A language's scale words as the caches keep them (in memory, and on disk when
    /// ``DerivedTableCache`` is on).
    struct Table: StoredTable {
        let words: [Word]

        static var storedKind: String { "scale" }

        func encode(to writer: inout TableWriter) {
            writer.write(words.count)
            for word in words {
                writer.write(word.text)
                writer.write(word.exponent)
                writer.write(word.side == .after)
            }
        }

        init(words: [Word]) {
            self.words = words
        }

        init(reading reader: inout TableReader) throws(TableReader.Invalid) {
            var words: [Word] = []
            for _ in 0..<(try reader.readCount(below: 1_000)) {
                let text = try reader.readString()
                let exponent = try reader.readCount(below: 64)
                words.append(Word(text: text, exponent: exponent, side: try reader.readBool() ? .after : .before))
            }
            self.words = words
        }
    }

    private static let cache = DerivedCache<String, Table>()

    /// The scale words of a locale's language and script (`sr` and `sr_Latn` differ), cached.
    static func forLocale(_ locale: String) -> [Word] {
        let key = languageAndScript(locale)
        return cache.storedValue(for: key) { Table(words: derive(locale: key)) }.words
    }

    /// Whether the scale words of a locale's language are derived, or being derived, in this
    /// process (read from the table cache on disk counts as derived).
    static func areDerived(forLocale locale: String) -> Bool {
        cache.holdsValue(for: languageAndScript(locale))
    }

    /// The language subtag of an identifier, with its script subtag when it has one
    /// (`sr_Latn_RS` -> `sr_Latn`, `de_CH` -> `de`).
    static func languageAndScript(_ locale: String) -> String {
        let parts = locale.split(separator: "_")
        guard let language = parts.first else { return locale }
        if parts.count > 1, parts[1].count == 4, parts[1].first!.isUppercase { return "\(language)_\(parts[1])" }
        return String(language)
    }

    /// The counts spelled out with each power of ten.
    private static let counts: [Int64] = [1, 2, 5]
    /// The powers of ten probed: every power with a word of its own somewhere (10^4 and 10^5
    /// in Thai, lakh and crore, arab and kharab), but 10^8 and 10^10, which every language's
    /// spell-out rules write as a number word or a scale word times a smaller scale word
    /// (`sampûng bilyón`, `หมื่นล้าน` = หมื่น × ล้าน, `ஆயிரம் கோடி`): products of scale words
    /// are read as such (Docs/ParsingRules.md §7), so probing them only costs time.
    private static let exponents = [3, 4, 5, 6, 7, 9, 11, 12]
    /// Most cardinal rule sets read (Russian has 24 and Finnish 22: genders and cases).
    private static let maximumRuleSets = 24

    private static func derive(locale: String) -> [Word] {
        guard let format = ICU.SpellOut(locale: locale) else { return [] }
        let language = locale.prefix { $0 != "_" }
        let actual = format.actualLocale
        guard actual.prefix(while: { $0 != "_" }) == language else { return [] }
        let ruleSets = Array(format.ruleSets.filter { $0.hasPrefix("%spellout-cardinal") && !$0.contains("verbose") }
            .prefix(maximumRuleSets))
        guard !ruleSets.isEmpty else { return [] }
        // The words of numbers 1 to 100, and the spellings of each count, in every rule set.
        var numberWords = Set<ByteKey>()
        var spellings: [Int64: [[Piece]]] = [:]
        for ruleSet in ruleSets {
            for value in Array(Int64(1)...20) + stride(from: Int64(30), through: 100, by: 10) + [200, 300, 500] {
                guard let text = format.format(value, ruleSet: ruleSet) else { continue }
                let pieces = ScaleWords.pieces(text)
                for piece in pieces { numberWords.insert(piece.bytes) }
                if counts.contains(value), !spellings[value, default: []].contains(pieces) {
                    spellings[value, default: []].append(pieces)
                }
            }
        }
        // Each count's spellings, longest first (`vijf` before `vijftig` cannot clash, but
        // genders can), sorted once for the probes below.
        let longestFirst = spellings.mapValues { $0.sorted { $0.count > $1.count } }
        var found: [String: Word] = [:]
        var conflicting = Set<String>()
        func record(_ pieces: ArraySlice<Piece>, exponent: Int, side: MarkerSide) {
            guard !pieces.isEmpty, !pieces.contains(where: { numberWords.contains($0.bytes) }) else { return }
            let text = ScaleWords.text(of: pieces)
            guard !text.unicodeScalars.allSatisfy({ Numerals.kind($0.value) != nil || $0 == " " }) else { return }
            if let known = found[text], known.exponent != exponent { conflicting.insert(text) }
            if found[text] == nil { found[text] = Word(text: text, exponent: exponent, side: side) }
        }
        for ruleSet in ruleSets {
            for exponent in exponents {
                var power: Int64 = 1
                for _ in 0..<exponent { power *= 10 }
                for count in counts {
                    guard let text = format.format(count * power, ruleSet: ruleSet) else { continue }
                    let pieces = ScaleWords.pieces(text)
                    var matched = false
                    for spelling in longestFirst[count] ?? [] where spelling.count < pieces.count {
                        if pieces.prefix(spelling.count).elementsEqual(spelling) {
                            record(pieces.dropFirst(spelling.count), exponent: exponent, side: .after)
                            matched = true
                            break
                        }
                        if pieces.suffix(spelling.count).elementsEqual(spelling) {
                            record(pieces.dropLast(spelling.count), exponent: exponent, side: .before)
                            matched = true
                            break
                        }
                    }
                    if !matched, count == 1 { record(pieces[...], exponent: exponent, side: .after) }
                }
            }
        }
        return found.values.filter { !conflicting.contains($0.text) }.sorted { ($0.exponent, $0.text) < ($1.exponent, $1.text) }
    }

    /// A word of spelled-out text, and whether it was written onto the word before it (after
    /// an invisible break hint).
    ///
    /// Kept, compared and hashed as UTF-8 bytes, not as Strings: every word compared here is
    /// a piece of ICU's output for the same language's rules, and String comparison and
    /// hashing normalize text outside ASCII first, which cost en's and ru's words 5.8 M
    /// instructions.
    private struct Piece: Equatable {
        /// The word's UTF-8 bytes.
        let bytes: ByteKey
        let glued: Bool

        init(_ word: Substring.UnicodeScalarView, glued: Bool) {
            self.bytes = ByteKey(Array(Substring(word).utf8))
            self.glued = glued
        }
    }

    /// Spelled-out text in words: split at spaces and hyphens, and at ICU's invisible break
    /// hints (U+00AD soft hyphen, U+200B zero-width space), which join words written together.
    /// (Each word sliced out whole: built a scalar at a time, the words of en's and ru's 1,375
    /// spellings cost 6.7 M instructions.)
    private static func pieces(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var glued = false
        var index = start
        while index < scalars.endIndex {
            let next = scalars.index(after: index)
            let joinsNext: Bool
            switch scalars[index].value {
            case 0xAD, 0x200B: joinsNext = true
            case 0x20, 0xA0, 0x202F, 0x2D: joinsNext = false
            default:
                index = next
                continue
            }
            if start < index { pieces.append(Piece(scalars[start..<index], glued: glued)) }
            glued = joinsNext
            start = next
            index = next
        }
        if start < scalars.endIndex { pieces.append(Piece(scalars[start...], glued: glued)) }
        return pieces
    }

    /// The text of words as they are written: a space between them, none before a glued one.
    private static func text(of pieces: ArraySlice<Piece>) -> String {
        var text = ""
        for (position, piece) in pieces.enumerated() {
            if position > 0, !piece.glued { text += " " }
            text += String(decoding: piece.bytes.bytes, as: UTF8.self)
        }
        return text
    }
}
