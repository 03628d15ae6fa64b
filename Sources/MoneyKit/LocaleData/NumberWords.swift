/// The number words of a language (Docs/ParsingRules.md §8), derived from ICU's spell-out
/// rules (RBNF): what ICU writes for every number from 0 to 999 and for every count from 1 to
/// 999 times each power of ten it has a scale word for, in each of the language's cardinal
/// rule sets (genders, cases, the verbose English forms with "and") and its numbering rule set.
///
/// Every text is keyed the way the reader walks the input (``NumberWords/key(of:)``): letters
/// folded as marker keys fold them (case and accents), and spaces, hyphens and ICU's invisible
/// break hints (U+00AD, U+200B) left out, so `twenty-five`, `twenty five` and `Twenty­Five`
/// are one key and German compounds need no splitting rules (`zweihundertfünfzig` is the key
/// of 250 whether written with spaces, hyphens, soft hyphens or none).
///
/// Four kinds of piece come out of the derivation:
/// - a **group**: the whole spelling of 0 to 999 (`deux cents`, `двести пятьдесят`);
/// - a **group before a scale word**: the form a count takes only in front of a scale word,
///   found by removing the scale word from ICU's spelling of the product (Italian `ventun`
///   of `ventun milioni`, French `deux cent` of `deux cent mille`);
/// - a **scale word**: the rest of that spelling after a count (`mille`, `Millionen`, `тысячи`),
///   or the whole spelling of one times a power (`mil`, `тысяча`, `un milione`);
/// - a **scaled count**: a spelling of a count times a power that splits no other way
///   (Arabic `ألفان`, 2,000 in one word; Swahili `elfu mbili`, the scale word first).
///
/// How pieces combine into a value is ``SpelledNumberReader``'s business. Languages whose
/// spell-out rules write CJK or Korean numerals (read by §4b already), and languages without
/// rules of their own (ICU falls back to another language's), have no number words. Opening
/// ICU's rules parses them whole and spelling a value costs about a microsecond, so a
/// language's table (tens of thousands of spellings; about 20 ms of derivation on average,
/// the 267 tables of ICU's languages in 5.1-5.3 s) is built once
/// per process, and only when the parser meets a run of letters that is no marker in that
/// language (words never cost a digit amount anything); with the table cache on disk
/// (``DerivedTableCache``) a new process reads it back instead.
final class NumberWords: Sendable {
    /// What a key means.
    enum Piece: Sendable, Equatable {
        /// A number from 0 to 999 written whole.
        case group(UInt16)
        /// A count from 1 to 999 in the form it takes only right before a scale word.
        case groupBeforeScale(UInt16)
        /// A power of ten (3 for `thousand`), multiplying the count before it (one when none).
        case scale(Int8)
        /// A count and a power of ten in one spelling.
        case scaledCount(UInt16, Int8)
        /// A number from 1 to 999 in the form it takes only after a scaled part, with the
        /// word that joins them (`e sessenta e nove` of Portuguese `seis mil e sessenta e
        /// nove`, Danish `og niogtres`, Vietnamese `không trăm sáu mươi chín`).
        case groupAfterScale(UInt16)
        /// A power of ten written before its count (Swahili `elfu` of `elfu mbili`, 2,000).
        case scaleBeforeCount(Int8)
        /// A word joining a scaled part to the next (`og` of Icelandic `milliónur og þrjú
        /// hundruð … þúsund`, the comma of Swahili `milioni moja, elfu …`).
        case joiner
    }

    /// The walkable keys; a key's value indexes ``meaningStarts``.
    let trie: MarkerTrie
    /// What the keys mean, key after key (most keys one piece; a few two, such as a form
    /// that is both a group and a group before a scale word): key `k` means
    /// `pieces[meaningStarts[k]..<meaningStarts[k + 1]]`. One flat array, so that a search
    /// step reads its pieces without retaining an array per key.
    let pieces: [Piece]
    let meaningStarts: [Int32]
    /// Whether a scale word may multiply a smaller one before it (Spanish `mil doscientos
    /// millones` is 1,200 × 10^6): true when ICU's own spellings of large values need it.
    let multipliesSmallerScales: Bool
    /// One bit per pair of bytes that some key begins with (a key of one byte sets its
    /// byte's whole row): 8 KiB, asked before the trie at every run of letters that may
    /// begin a number (``SpelledNumberReader``; in free text, every word).
    let beginningPairs: [UInt64]

    private init(trie: MarkerTrie, pieces: [Piece], meaningStarts: [Int32], multipliesSmallerScales: Bool,
                 beginningPairs: [UInt64]) {
        self.trie = trie
        self.pieces = pieces
        self.meaningStarts = meaningStarts
        self.multipliesSmallerScales = multipliesSmallerScales
        self.beginningPairs = beginningPairs
    }

    init(keys: [[UInt8]: [Piece]], multipliesSmallerScales: Bool) {
        var pieces: [Piece] = []
        var meaningStarts: [Int32] = [0]
        var entries: [(key: [UInt8], value: Int32)] = []
        var beginningPairs = [UInt64](repeating: 0, count: 65_536 / 64)
        for (key, meaning) in keys.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            entries.append((key, Int32(meaningStarts.count - 1)))
            pieces += meaning
            meaningStarts.append(Int32(pieces.count))
            guard let first = key.first else { continue }
            if key.count == 1 {
                for word in 0..<4 { beginningPairs[Int(first) << 2 | word] = .max }
            } else {
                let pair = Int(first) << 8 | Int(key[1])
                beginningPairs[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        self.beginningPairs = beginningPairs
        // No tails: the spelled-number reader walks it with the double array's step alone.
        trie = MarkerTrie(entries)
        self.pieces = pieces.exactlySized
        self.meaningStarts = meaningStarts.exactlySized
        self.multipliesSmallerScales = multipliesSmallerScales
    }

    /// Whether some key begins with the key bytes `first` then `second` (a key of one byte
    /// `first` counts, whatever follows it).
    @inline(__always)
    func keyMayBegin(with first: UInt8, _ second: UInt8) -> Bool {
        let pair = Int(first) << 8 | Int(second)
        return beginningPairs.withUnsafeBufferPointer { $0[pair >> 6] & (1 << UInt64(pair & 63)) != 0 }
    }

    /// Whether the language has number words at all.
    var isEmpty: Bool { pieces.isEmpty }

    // MARK: The cache

    private static let cache = DerivedCache<String, NumberWords>(limit: 256)

    /// The number words of a locale's language and script (`sr` and `sr_Latn` differ), built
    /// on first use (or read back from the table cache on disk, ``DerivedTableCache``, when
    /// it is on).
    static func forLocale(_ locale: String) -> NumberWords {
        let key = spellOutLocale(of: locale)
        if key == "en" { return english }
        return cache.storedValue(for: key) { derive(locale: key) }
    }

    private static let spellOutLocales = DerivedCache<String, String>(limit: 1024)

    /// The locale whose spell-out rules a locale uses, as the key of its words: the language
    /// (and script), or ICU's regional rules where it has some (`fr_CH` and `fr_BE` write
    /// `septante` and `nonante`, `de_CH` `dreissig`).
    static func spellOutLocale(of locale: String) -> String {
        spellOutLocales.value(for: locale) {
            let base = ScaleWords.languageAndScript(locale)
            guard let actual = ICU.SpellOut(locale: locale)?.actualLocale, actual.count > base.count,
                  actual.hasPrefix(base + "_") else { return base }
            return actual
        }
    }

    /// English's number words, read in every locale besides its own language's
    /// (Docs/ParsingRules.md §8): built once per process, on first use, and kept.
    static let english = DerivedTableCache.value(for: "en") { derive(locale: "en") }

    // MARK: Keys

    /// The key of a spelled text: folded letters, with the separators between words left out.
    static func key(of text: String) -> [UInt8] {
        var key: [UInt8] = []
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let (scalar, length) = Characters.decode(utf8, at: index)
                index += length
                guard let canonical = keyScalar(scalar) else { continue }
                appendKeyBytes(of: canonical) { key.append($0) }
            }
        }
        return key
    }

    /// What a scalar of spelled text contributes to a key: nil for a separator between words
    /// (spaces, hyphens, ICU's break hints, ignorable marks), else its canonical form.
    @inline(__always)
    static func keyScalar(_ scalar: UInt32) -> UInt32? {
        if isSeparator(scalar) || Characters.isIgnorable(scalar) { return nil }
        let canonical = Characters.canonical(scalar)
        return canonical == 0x20 ? nil : canonical
    }

    /// The key bytes of a letter: folded as marker keys fold them, and `ß` as `ss` (Unicode's
    /// case folding; `dreissig` is how Swiss German and many keyboards write `dreißig`).
    @inline(__always)
    static func appendKeyBytes(of canonical: UInt32, _ body: (UInt8) -> Void) {
        if canonical == 0xDF {
            body(0x73)
            body(0x73)
            return
        }
        MarkerKey.appendKeyBytes(of: canonical, folded: true, body)
    }

    /// Spaces are canonicalized by ``Characters/canonical(_:)``; these are the hyphens and
    /// break hints that join number words (`vingt-cinq`, `zwei­hundert`).
    @inline(__always)
    static func isSeparator(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0xAD, 0x200B, 0x2010, 0x2011: true
        default: false
        }
    }

    // MARK: Derivation

    /// The powers of ten probed for scale words: ``ScaleWords``' list (every power that has a
    /// word of its own in some language) up to 10^12, the largest amount the round-trip
    /// test asks for.
    private static let exponents: [Int8] = [3, 4, 5, 6, 7, 9, 11, 12]
    /// The powers probed for scale words: those, and hundreds (`hundred` of `fifteen
    /// hundred`, `hundert` of `fünfzehnhundert`), where the word is no number of its own.
    private static let scaleExponents: [Int8] = [2] + exponents

    /// Most rule sets read (Russian has 24 cardinal ones: genders and cases).
    private static let maximumRuleSets = 32

    /// Counts spelled with every power in every rule set after the first: the forms a count
    /// takes before a scale word change with its last digits (gender, plural and case
    /// agreement), which these cover; the first rule set spells every count.
    private static let sampleCounts: [UInt16] = [1, 2, 3, 4, 5, 10, 11, 12, 20, 21, 22, 25, 100, 101, 121, 200, 500]

    private static func derive(locale: String) -> NumberWords {
        let (keys, multipliesSmallerScales) = deriveKeys(locale: locale)
        let base = ScaleWords.languageAndScript(locale)
        guard base != locale else { return NumberWords(keys: keys, multipliesSmallerScales: multipliesSmallerScales) }
        // Regional rules (`septante`) and the language's (`soixante-dix`): both are written there.
        let language = deriveKeys(locale: base)
        return NumberWords(keys: keys.merging(language.keys) { own, other in own + other.filter { !own.contains($0) } },
                           multipliesSmallerScales: multipliesSmallerScales || language.multipliesSmallerScales)
    }

    /// A locale's keys and whether its scale words multiply smaller ones.
    private static func deriveKeys(locale: String) -> (keys: [[UInt8]: [Piece]], multipliesSmallerScales: Bool) {
        let none: ([[UInt8]: [Piece]], Bool) = ([:], false)
        guard let format = ICU.SpellOut(locale: locale) else { return none }
        let language = locale.prefix { $0 != "_" }
        guard format.actualLocale.prefix(while: { $0 != "_" }) == language else { return none }
        let ruleSets = Array(format.ruleSets.filter { name in
            (name.hasPrefix("%spellout-cardinal") || name == "%spellout-numbering")
        }.prefix(maximumRuleSets))
        guard !ruleSets.isEmpty else { return none }
        // ICU's break hints are kept in the texts here: they only ever separate words.
        func spell(_ value: Int64, _ ruleSet: String) -> [UInt8]? {
            guard let text = format.format(value, ruleSet: ruleSet) else { return nil }
            // Numerals of §4b (Han, Hangul) are read by the lexer; such a language has no words here.
            if text.unicodeScalars.contains(where: { Numerals.kind($0.value) != nil }) { return nil }
            let key = key(of: text)
            return key.isEmpty ? nil : key
        }
        var keys: [[UInt8]: [Piece]] = [:]
        // Bumped whenever `keys` changes: a table of the words so far is built again only then
        // (most powers probed add no word, and building a table sorts every key).
        var revision = 0
        func add(_ key: [UInt8], _ piece: Piece) {
            if keys.addMeaning(piece, to: key) { revision += 1 }
        }
        var knownSoFar: (revision: Int, words: NumberWords)?
        func wordsSoFar() -> NumberWords {
            if let knownSoFar, knownSoFar.revision == revision { return knownSoFar.words }
            let words = NumberWords(keys: keys, multipliesSmallerScales: false)
            knownSoFar = (revision, words)
            return words
        }
        // Groups: 0 to 999 whole.
        var groupKeys: [UInt16: Set<[UInt8]>] = [:]
        for ruleSet in ruleSets {
            for value in 0...999 {
                guard let key = spell(Int64(value), ruleSet) else { return none }
                add(key, .group(UInt16(value)))
                groupKeys[UInt16(value), default: []].insert(key)
            }
        }
        // Every spelling of a group, whatever its value.
        let groupSpellings = Set(groupKeys.values.joined())
        if language == "en" {
            addEnglishArticles(to: &keys)
            revision += 1
        }
        // Scale words, power by power in ascending order, each against the groups and scale
        // words found so far: a spelling those already read as its value needs no word of
        // its own (`diez mil` is ten thousands: Spanish has no word for 10^4).
        var ownWords: [Int8: [[UInt8]]] = [:]
        // The powers with a word of their own, written after the count or before it (Fula
        // `ujunere`, `miliyo`).
        var poweredExponents = Set<Int8>()
        for exponent in scaleExponents {
            let known = wordsSoFar()
            let found = scaleWordKeys(exponent: exponent, ruleSets: ruleSets, groupKeys: groupKeys, numbers: groupSpellings,
                                      spell: spell) { key, value in
                // Read as its value, or as another (ICU's own ambiguity): no new word.
                exponent == 2 ? false : SpelledNumberReader.value(ofKey: key, in: known) != nil
            }
            for key in found.counted { add(key, .scale(exponent)) }
            for key in found.alone { add(key, .scaledCount(1, exponent)) }
            for key in found.first { add(key, .scaleBeforeCount(exponent)) }
            ownWords[exponent] = found.counted.union(found.alone).sorted { $0.count > $1.count }
            if !found.counted.isEmpty || !found.alone.isEmpty || !found.first.isEmpty { poweredExponents.insert(exponent) }
        }
        // Then the forms counts take before each power's words, and the spellings that split
        // no other way, for the spellings the words so far do not read (hundreds are groups
        // already: `hundred` is only read after a count, `fifteen hundred`).
        for exponent in exponents {
            guard let words = ownWords[exponent], !words.isEmpty else { continue }
            let power = Int64(ExactDecimal.powersOfTen[Int(exponent)])
            let known = wordsSoFar()
            // A product that is a multiple of the next power with a word of its own is that
            // power's spelling, not a form of this one (Irish `cúig mhilliún` is 5 × 10^6, not
            // 500 × 10^4, which would let no thousands follow it).
            let nextPower = poweredExponents.filter { $0 > exponent }.min().map { Int64(ExactDecimal.powersOfTen[Int($0)]) }
            for (ruleIndex, ruleSet) in ruleSets.enumerated() {
                for count in ruleIndex == 0 ? Array(1...999) : sampleCounts {
                    let value = Int64(count) * power
                    if let nextPower, value % nextPower == 0 { continue }
                    // A spelling the words so far read as its value needs nothing; one they
                    // read as another value is ICU's own ambiguity (Kyrgyz verbose rules write
                    // 200,000 as `эки миң`, 2,000), left out.
                    guard let text = spell(value, ruleSet), SpelledNumberReader.value(ofKey: text, in: known) == nil else { continue }
                    if let word = words.first(where: { text.ends(with: $0) }) {
                        let before = Array(text.dropLast(word.count))
                        if !before.isEmpty, groupKeys[count]?.contains(before) ?? false {
                            // A count's own spelling and a word ICU writes alone for one times
                            // the power (Hebrew `אלף`): the word also counts a number before it.
                            add(word, .scale(exponent))
                        } else if before.isEmpty || keys[before]?.contains(where: { $0.groupValue.map { $0 != count } ?? true }) ?? false {
                            // The whole spelling, where the rest is nothing or means something else.
                            add(text, .scaledCount(count, exponent))
                        } else if SpelledNumberReader.value(ofKey: before, in: known) == nil {
                            // (A rest that reads as a number of its own is a compound, Thai
                            // `หกแสนสี่` of `หกแสนสี่พัน`: no form of the count.)
                            add(before, .groupBeforeScale(count))
                        }
                    } else {
                        add(text, .scaledCount(count, exponent))
                    }
                }
            }
        }
        // Joins differ by gender (Arabic, Hebrew): every number after a scaled part in the
        // first rule sets (numbering, cardinal, genders), a sample in the case forms after them.
        // (Against one table of the words so far: rebuilding it per rule set and power was
        // most of a language's derivation.)
        let knownBeforeJoins = wordsSoFar()
        for (ruleIndex, ruleSet) in ruleSets.enumerated() {
            deriveJoins(poweredExponents: poweredExponents, ruleSet: ruleSet, rests: ruleIndex < 4 ? Array(1...999) : sampleCounts.map(Int.init),
                        groupKeys: groupKeys, known: knownBeforeJoins, spell: spell, keys: &keys)
        }
        // Spanish and Portuguese write 1,234 × 10^6 as `mil doscientos treinta y cuatro
        // millones`: whether ICU does is read off its spelling of such a value. Languages
        // with a scale word for 10^7 write 12,345 × 10^7 the same way, the count with its
        // thousands before the word (Tamil, Burmese, Chakma): that probe counts only
        // where the words read it so (a spelling read neither way says nothing).
        revision += 1  // (the joins were added to `keys` directly)
        let words = wordsSoFar()
        func spelledProbe(_ probe: Int64) -> [UInt8]? { format.format(probe, ruleSet: ruleSets[0]).map(key(of:)) }
        let millions: Int64 = 1_234_000_000, crores: Int64 = 123_450_000_000
        let needsLongScale: Bool
        if let text = spelledProbe(millions), SpelledNumberReader.value(ofKey: text, in: words) != UInt64(millions) {
            needsLongScale = true
        } else if let text = spelledProbe(crores), SpelledNumberReader.value(ofKey: text, in: words) != UInt64(crores) {
            // Built only here: most languages read the probe without it.
            needsLongScale = SpelledNumberReader.value(ofKey: text, in: NumberWords(keys: keys, multipliesSmallerScales: true))
                == UInt64(crores)
        } else {
            needsLongScale = false
        }
        return (keys, needsLongScale)
    }

    /// What comes between a scaled part and the number after it, from ICU's spelling of
    /// one or two times a power plus each number from 1 to 999 that the words so far do not
    /// read: when the spelling begins with the scaled part's own, the rest is the number's
    /// form after a scaled part (with its joining word); when it ends with the number's own
    /// spelling, the rest less the count is the scale word's form before a number (Georgian
    /// `მილიონ` of `მილიონი`).
    private static func deriveJoins(
        poweredExponents: Set<Int8>, ruleSet: String, rests: [Int], groupKeys: [UInt16: Set<[UInt8]>], known: NumberWords,
        spell: (Int64, String) -> [UInt8]?, keys: inout [[UInt8]: [Piece]]
    ) {
        func add(_ key: [UInt8], _ piece: Piece) { keys.addMeaning(piece, to: key) }
        // Words that join a scaled part to a smaller scaled part: ICU's spelling of 10^6 plus
        // 1,000, 2,000 or 5,000 is the spelling of 10^6, the joining word, and the spelling
        // of the smaller part.
        if let million = spell(1_000_000, ruleSet) {
            for thousands: Int64 in [1_000, 2_000, 5_000, 21_000] {
                guard let text = spell(1_000_000 + thousands, ruleSet), let part = spell(thousands, ruleSet),
                      text.starts(with: million), text.ends(with: part), text.count > million.count + part.count else { continue }
                let word = Array(text[million.count..<(text.count - part.count)])
                if keys[word] == nil { add(word, .joiner) }
            }
        }
        for exponent: Int8 in [3, 6, 9] where poweredExponents.contains(exponent) {
            let power = Int64(ExactDecimal.powersOfTen[Int(exponent)])
            for count: Int64 in [1, 2] {
                guard let high = spell(count * power, ruleSet) else { continue }
                for rest in exponent == 9 ? sampleCounts.map(Int.init) : rests {
                    let value = count * power + Int64(rest)
                    guard let text = spell(value, ruleSet), SpelledNumberReader.value(ofKey: text, in: known) == nil else { continue }
                    if text.starts(with: high), text.count > high.count {
                        add(Array(text.dropFirst(high.count)), .groupAfterScale(UInt16(rest)))
                    } else if let low = (groupKeys[UInt16(rest)] ?? []).filter({ text.ends(with: $0) && $0.count < text.count })
                                .max(by: { $0.count < $1.count }) {
                        let before = Array(text.dropLast(low.count))
                        let counts = (groupKeys[UInt16(count)] ?? []).filter { before.starts(with: $0) && $0.count < before.count }
                        if let countKey = counts.max(by: { $0.count < $1.count }) {
                            let word = Array(before.dropFirst(countKey.count))
                            if keys[word]?.contains(where: { $0.groupValue != nil }) != true { add(word, .scale(exponent)) }
                        } else if count == 1, keys[before]?.contains(where: { $0.groupValue != nil }) != true {
                            // One times the power in that form, with no count (Georgian `ათას
                            // ერთი`, 1,001): the word alone is one of it there.
                            add(before, .scaledCount(1, exponent))
                        }
                    }
                }
            }
        }
    }

    /// The scale words of a power of ten as keys: ICU's spelling of a few counts times it,
    /// less the count's own spelling in any rule set (the count written first), or the whole
    /// spelling of one times the power; none where the words known already read the
    /// spelling (`isRead`), and none that is itself a group's spelling (`numbers`).
    private static func scaleWordKeys(
        exponent: Int8, ruleSets: [String], groupKeys: [UInt16: Set<[UInt8]>], numbers: Set<[UInt8]>,
        spell: (Int64, String) -> [UInt8]?, isRead: ([UInt8], UInt64) -> Bool
    ) -> (counted: Set<[UInt8]>, alone: Set<[UInt8]>, first: Set<[UInt8]>) {
        var counted = Set<[UInt8]>()
        var alone = Set<[UInt8]>()
        var first = Set<[UInt8]>()
        let power = Int64(ExactDecimal.powersOfTen[Int(exponent)])
        for ruleSet in ruleSets {
            // Counts whose nouns take every plural and case form (Lithuanian `tūkstantis`,
            // `tūkstančiai`, `tūkstančių` after 1, 2 and 10).
            for count: UInt16 in [1, 2, 3, 5, 10, 11, 20, 21] {
                let value = Int64(count) * power
                guard let text = spell(value, ruleSet), !isRead(text, UInt64(value)) else { continue }
                // The longest spelling of the count the text begins with.
                let prefixes = (groupKeys[count] ?? []).filter { $0.count < text.count && text.starts(with: $0) }
                // A key that also spells a number (`cent` is 100) is no scale word.
                func isNumber(_ key: [UInt8]) -> Bool { numbers.contains(key) }
                let suffixes = (groupKeys[count] ?? []).filter { $0.count < text.count && text.ends(with: $0) }
                if let prefix = prefixes.max(by: { $0.count < $1.count }) {
                    let key = Array(text.dropFirst(prefix.count))
                    if !isNumber(key) {
                        counted.insert(key)
                        // The form that follows one (`тысяча` of `одна тысяча`, not `тысячи`):
                        // alone, a hundred's or a thousand's counts one (`тысяча рублей`).
                        if count == 1, exponent <= 3 { alone.insert(key) }
                    }
                } else if count < 10, let suffix = suffixes.max(by: { $0.count < $1.count }) {
                    // The word first, then the count (Swahili `elfu mbili`). Counts below ten
                    // only: ten times a power may be the next power's own word, which can
                    // end like ten (Kazakh `миллион`, 10^6, ends with `он`, ten; it is no
                    // `милли` of 10^5 before a count).
                    let key = Array(text.dropLast(suffix.count))
                    if !isNumber(key) { first.insert(key) }
                } else if count == 1, !isNumber(text) {
                    alone.insert(text)
                }
            }
        }
        return (counted, alone, first)
    }
}

extension NumberWords {
    /// English writes `a` or `an` for one before a hundred or a scale word (`a hundred
    /// bucks`, `a thousand euros`). Hand-written: ICU's spell-out rules always write `one`.
    fileprivate static func addEnglishArticles(to keys: inout [[UInt8]: [Piece]]) {
        let one = Array("one".utf8)
        for (key, pieces) in keys where key.starts(with: one) && key.count > one.count {
            let rest = key.dropFirst(one.count)
            guard rest.starts(with: "hundred".utf8) else { continue }
            for article in ["a", "an"] { keys[Array(article.utf8) + rest, default: []].append(contentsOf: pieces) }
        }
        for article in ["a", "an"] { keys[Array(article.utf8), default: []].append(.groupBeforeScale(1)) }
    }
}

extension Dictionary where Key == [UInt8], Value == [NumberWords.Piece] {
    /// Adds a meaning to a key once (a key may mean several pieces); whether it was new.
    @discardableResult
    fileprivate mutating func addMeaning(_ piece: NumberWords.Piece, to key: [UInt8]) -> Bool {
        if self[key, default: []].contains(piece) { return false }
        self[key, default: []].append(piece)
        return true
    }
}

extension NumberWords: StoredTable {
    static var storedKind: String { "numberwords" }

    func encode(to writer: inout TableWriter) {
        writer.write(multipliesSmallerScales)
        writer.write(pieces.map(\.stored))
        writer.write(meaningStarts)
        writer.write(beginningPairs)
        trie.encode(to: &writer)
    }

    /// Reads a table ``encode(to:)`` wrote: every piece a valid one, the meanings' starts in
    /// order within the pieces, the trie's values within the meanings.
    convenience init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        let multipliesSmallerScales = try reader.readBool()
        var pieces: [Piece] = []
        for stored in try reader.readArray(of: UInt32.self) {
            guard let piece = Piece(stored: stored) else { throw TableReader.Invalid() }
            pieces.append(piece)
        }
        let meaningStarts = try reader.readArray(of: Int32.self)
        guard meaningStarts.first == 0, meaningStarts.last == Int32(pieces.count),
              zip(meaningStarts, meaningStarts.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw TableReader.Invalid() }
        let beginningPairs = try reader.readArray(of: UInt64.self)
        guard beginningPairs.count == 65_536 / 64 else { throw TableReader.Invalid() }
        let trie = try MarkerTrie(reading: &reader, valueLimit: meaningStarts.count - 1)
        self.init(trie: trie, pieces: pieces.exactlySized, meaningStarts: meaningStarts,
                  multipliesSmallerScales: multipliesSmallerScales, beginningPairs: beginningPairs)
    }
}

extension NumberWords.Piece {
    /// The piece as the table cache stores it: its kind in the top byte, a power of ten in
    /// the next, a count (0 to 999) in the low half.
    var stored: UInt32 {
        func word(_ kind: UInt32, _ count: UInt16, _ exponent: Int8) -> UInt32 {
            kind << 24 | UInt32(UInt8(bitPattern: exponent)) << 16 | UInt32(count)
        }
        return switch self {
        case .group(let count): word(0, count, 0)
        case .groupBeforeScale(let count): word(1, count, 0)
        case .scale(let exponent): word(2, 0, exponent)
        case .scaledCount(let count, let exponent): word(3, count, exponent)
        case .groupAfterScale(let count): word(4, count, 0)
        case .scaleBeforeCount(let exponent): word(5, 0, exponent)
        case .joiner: word(6, 0, 0)
        }
    }

    /// A piece ``stored`` wrote, nil for any other word (a count over 999, a power of ten
    /// outside the derived ones, 10^2 to 10^12, an unknown kind).
    init?(stored: UInt32) {
        let count = UInt16(truncatingIfNeeded: stored), exponent = Int8(truncatingIfNeeded: stored >> 16)
        guard count <= 999 else { return nil }
        let hasExponent = (2...12).contains(exponent)
        switch stored >> 24 {
        case 0 where exponent == 0: self = .group(count)
        case 1 where exponent == 0: self = .groupBeforeScale(count)
        case 2 where count == 0 && hasExponent: self = .scale(exponent)
        case 3 where hasExponent: self = .scaledCount(count, exponent)
        case 4 where exponent == 0: self = .groupAfterScale(count)
        case 5 where count == 0 && hasExponent: self = .scaleBeforeCount(exponent)
        case 6 where count == 0 && exponent == 0: self = .joiner
        default: return nil
        }
    }
}

extension NumberWords.Piece {
    /// The value of a group (whole or before a scale word), nil for other pieces.
    var groupValue: UInt16? {
        switch self {
        case .group(let value), .groupBeforeScale(let value), .groupAfterScale(let value): value
        case .scale, .scaledCount, .scaleBeforeCount, .joiner: nil
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        suffix.count <= count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
