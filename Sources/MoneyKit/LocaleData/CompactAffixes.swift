
/// A locale's compact-number affixes and scale words (Docs/ParsingRules.md §4b and §7): `K`,
/// `M` in en, `Mio.`, `Tausend`, `Millionen` in de, `L`, `Cr` in en_IN, `万亿` in zh — each
/// with the power of ten it multiplies by and the side of the number it stands on, read
/// from ICU's compact-number patterns (short and long forms, plain and with a currency, every
/// plural form: ``CompactPatterns``) —,
/// the scale words of ICU's spell-out rules (``ScaleWords``: `milhões`, `miliardów`, `mil
/// millones`), and the supplement's multiplier words (`lakh`, `crore`). Matched folded.
final class CompactAffixes: Sendable {
    struct Affix: Sendable, Equatable {
        /// The power of ten it multiplies by.
        let exponent: Int8
        /// Where it stands.
        let sides: MarkerSides
        /// Whether it ends with the language's particle (`millones de`): a unit word or name
        /// must follow.
        var endsWithParticle = false
        /// Whether it is a scale word (from ICU's spell-out rules or the supplement's
        /// multiplier words), not only a compact-number abbreviation: scale words multiply
        /// one another (`lakh crore`, `हजार करोड़`), abbreviations do not (`tys. mln`).
        var isWord = false
    }

    /// Folded affix texts.
    let trie: MarkerTrie
    /// For each key of ``trie``.
    let affixes: [Affix]
    /// Whether any affix stands before / after the number (most locales have none before).
    let hasPrefixes: Bool
    let hasSuffixes: Bool
    /// The first scalars of the affixes, folded and with their upper- and title-case forms,
    /// so that text that cannot start an affix is passed over without walking the trie:
    /// a bitmap for ASCII, a sorted list for the rest.
    private let firstASCII: ASCIISet
    private let firstOthers: [UInt32]

    /// Whether an affix may start with this (canonical) scalar.
    @inline(__always)
    func mayStart(with scalar: UInt32) -> Bool {
        if scalar < 128 { return firstASCII.contains(UInt8(scalar)) }
        return firstOthers.sortedContains(scalar)
    }

    /// Every affix, for checks: key bytes and affix, sorted by key.
    let entries: [(key: [UInt8], affix: Affix)]

    /// Affixes derived from a pattern source, by the source and the locale's signs.
    private static let derived = DerivedCache<String, PatternAffixes>()

    /// The affixes of one kind of ICU's compact patterns: texts with their powers of ten and sides.
    struct PatternAffixes: Sendable {
        var found: [(text: String, exponent: Int, side: MarkerSide)] = []
        /// Whether they come from the long form (`Millionen`, `કરોડ`): words, not abbreviations.
        var isLong = false

        /// The affix of each pattern (`0 Mio'.' ¤` -> `Mio.`, 6, after), the currency sign
        /// taken out; a pattern with text on both sides of the number gives none.
        init(_ patterns: CompactPatterns, isLong: Bool, numbers: NumberConventions) {
            self.isLong = isLong
            for (pattern, exponent) in patterns.allPatterns {
                let affixes = NumberPattern(pattern).positive
                // The text ICU writes for the affix: literals, and the locale's signs for `-` and `+`.
                func text(_ parts: [NumberPattern.Part]) -> [UInt8] {
                    let literal = parts.map { part -> String in
                        switch part {
                        case .literal(let text): text
                        case .minus: numbers.minusSign
                        case .plus: numbers.plusSign
                        case .currency: ""
                        }
                    }.joined()
                    return MarkerKey.bytes(of: literal, folded: false)
                }
                let before = text(affixes.prefix)
                let after = text(affixes.suffix)
                if !after.isEmpty, before.isEmpty {
                    found.append((String(decoding: after, as: UTF8.self), exponent, .after))
                } else if !before.isEmpty, after.isEmpty {
                    found.append((String(decoding: before, as: UTF8.self), exponent, .before))
                }
            }
        }
    }

    /// The supplement's multiplier words and particles in scope for a locale's region and
    /// language.
    struct SupplementScope {
        let multipliers: [MarkerSupplement.Entry]
        let particles: [MarkerSupplement.Entry]

        init(locale: String) {
            let region = ICU.region(ofLocale: locale)
            let language = String(locale.prefix { $0 != "_" })
            let supplement = MarkerSupplement.shared
            multipliers = supplement.entries(.multiplier).filter { $0.applies(inRegion: region, language: language) }
            particles = supplement.entries(.particle).filter { $0.applies(inRegion: region, language: language) }
        }

        /// The entries' forms and powers, as text (a cache key).
        var key: String {
            multipliers.map { "\($0.form)\u{3}\($0.exponent.map(String.init) ?? "")" }.joined(separator: "\u{4}")
                + "\u{2}" + particles.map(\.form).joined(separator: "\u{4}")
        }
    }

    /// A locale's affixes, from ICU's compact patterns (short and long, plain and with a
    /// currency: ``CompactPatterns``), the supplement's entries in scope and the language's
    /// scale words. Locales for which all three agree share one table (most regional
    /// variants of a language: their compact data comes from the language's bundle).
    static func forLocale(_ locale: String, numbers: NumberConventions) -> CompactAffixes {
        // Each kind's affixes depend on its pattern source and the locale's signs.
        let keys = CompactPatterns.Kind.allCases.map { kind in
            let source = CompactPatterns.source(locale: locale, numberingSystem: numbers.numberingSystem, kind: kind)
            return (kind, source, source + "\u{1}" + numbers.minusSign + "\u{1}" + numbers.plusSign + "\u{1}\(kind)")
        }
        let scope = SupplementScope(locale: locale)
        let tableKey = keys.map(\.2).joined(separator: "\u{2}") + "\u{2}" + scope.key + "\u{2}"
            + ScaleWords.languageAndScript(locale)
        return tables.storedValue(for: tableKey) {
            let found = keys.map { kind, source, key in
                derived.value(for: key) {
                    PatternAffixes(CompactPatterns.forSource(source), isLong: kind == .longDecimal, numbers: numbers)
                }
            }
            return CompactAffixes(found: found, scope: scope, locale: locale)
        }
    }

    /// The table with no affix: what the general machine reads an input with that has no
    /// letter, mark or numeral, which no affix can match (``LocaleProfile/generalTables(for:)``).
    static let empty = CompactAffixes(trie: MarkerTrie([]), affixes: [], entries: [], firstASCII: ASCIISet(), firstOthers: [])

    /// Built tables, by everything they depend on (see ``forLocale(_:numbers:)``).
    private static let tables = DerivedCache<String, CompactAffixes>()

    /// A table read back from the table cache on disk (``DerivedTableCache``).
    private init(trie: MarkerTrie, affixes: [Affix], entries: [(key: [UInt8], affix: Affix)], firstASCII: ASCIISet,
                 firstOthers: [UInt32]) {
        self.trie = trie
        self.affixes = affixes
        self.entries = entries
        hasPrefixes = affixes.contains { $0.sides.contains(.before) }
        hasSuffixes = affixes.contains { $0.sides.contains(.after) }
        self.firstASCII = firstASCII
        self.firstOthers = firstOthers
    }

    /// Collects the patterns' affixes and the supplement's multiplier words in scope for the
    /// locale; then lets a multiplier ending in a period also match without it, and a
    /// multiplier after the number take the language's particle (`millones de`, §7).
    private init(found: [PatternAffixes], scope: SupplementScope, locale: String) {
        var builder = MarkerTableBuilder(empty: Affix(exponent: -1, sides: []))
        func record(_ text: String, exponent: Int, side: MarkerSide, isWord: Bool = false) {
            let key = MarkerKey.bytes(of: text, folded: true)
            // Single CJK unit characters (万, 億, 만...) are numerals already, read the same way.
            guard !key.isEmpty, exponent > 0, exponent < 100,
                  !(text.unicodeScalars.count == 1 && Numerals.kind(text.unicodeScalars.first!.value) != nil) else { return }
            builder.update(key) { affix in
                if affix.exponent < 0 || affix.exponent == Int8(exponent) {
                    affix = Affix(exponent: Int8(exponent), sides: affix.sides.union(MarkerSides(side)),
                                  isWord: affix.isWord || isWord)
                }
            }
        }
        for affixes in found {
            for affix in affixes.found { record(affix.text, exponent: affix.exponent, side: affix.side, isWord: affixes.isLong) }
        }
        let language = String(locale.prefix { $0 != "_" })
        for entry in scope.multipliers {
            record(entry.form, exponent: Int(entry.exponent!), side: .after, isWord: MarkerKey.isCaseInsensitiveForm(entry.form))
        }
        // Scale words from ICU's spell-out rules (§7): the language's, then English's, which
        // count in every locale where the language does not give the words another power.
        for word in ScaleWords.forLocale(locale) + (language == "en" ? [] : ScaleWords.forLocale("en")) {
            record(word.text, exponent: word.exponent, side: word.side, isWord: true)
        }
        builder.addPeriodlessVariants()
        let particles = scope.particles
        for key in particles.isEmpty ? [] : builder.keys {
            guard let affix = builder.info(forKey: key), affix.sides.contains(.after) else { continue }
            for particle in particles {
                builder.update(key + [0x20] + MarkerKey.bytes(of: particle.form, folded: true)) {
                    $0 = Affix(exponent: affix.exponent, sides: .after, endsWithParticle: true, isWord: affix.isWord)
                }
            }
        }
        let (trie, affixes) = builder.build()
        (self.trie, self.affixes) = (trie, affixes)
        let keys = builder.keys
        entries = keys.map { ($0, affixes[Int(trie.value(forKey: $0))]) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        hasPrefixes = affixes.contains { $0.sides.contains(.before) }
        hasSuffixes = affixes.contains { $0.sides.contains(.after) }
        var firsts = Set<UInt32>()
        for key in keys {
            guard let first = String(decoding: key, as: UTF8.self).unicodeScalars.first else { continue }
            firsts.insert(first.value)
            for variant in [first.properties.uppercaseMapping, first.properties.titlecaseMapping]
            where variant.unicodeScalars.count == 1 {
                firsts.insert(variant.unicodeScalars.first!.value)
            }
        }
        var ascii = ASCIISet()
        for scalar in firsts where scalar < 128 { ascii.insert(UInt8(scalar)) }
        firstASCII = ascii
        firstOthers = firsts.filter { $0 >= 128 }.sorted()
    }
}

extension CompactAffixes: StoredTable {
    static var storedKind: String { "compact" }

    func encode(to writer: inout TableWriter) {
        writer.write(affixes.count)
        for affix in affixes { write(affix, to: &writer) }
        trie.encode(to: &writer)
        writer.write(entries.count)
        for (key, affix) in entries {
            writer.write(key)
            write(affix, to: &writer)
        }
        writer.write(firstASCII.low)
        writer.write(firstASCII.high)
        writer.write(firstOthers)
    }

    private func write(_ affix: Affix, to writer: inout TableWriter) {
        writer.write(affix.exponent)
        writer.write(affix.sides.rawValue)
        writer.write(affix.endsWithParticle)
        writer.write(affix.isWord)
    }

    private static func readAffix(_ reader: inout TableReader) throws(TableReader.Invalid) -> Affix {
        let exponent = try reader.read(Int8.self)
        let sides = MarkerSides(rawValue: try reader.read(UInt8.self))
        guard sides.rawValue & ~(MarkerSides.before.rawValue | MarkerSides.after.rawValue) == 0 else {
            throw TableReader.Invalid()
        }
        return Affix(exponent: exponent, sides: sides, endsWithParticle: try reader.readBool(), isWord: try reader.readBool())
    }

    convenience init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        var affixes: [Affix] = []
        for _ in 0..<(try reader.readCount(below: 1 << 20)) { affixes.append(try CompactAffixes.readAffix(&reader)) }
        let trie = try MarkerTrie(reading: &reader, valueLimit: affixes.count)
        var entries: [(key: [UInt8], affix: Affix)] = []
        for _ in 0..<(try reader.readCount(below: 1 << 20)) {
            entries.append((try reader.readArray(of: UInt8.self), try CompactAffixes.readAffix(&reader)))
        }
        let firstASCII = ASCIISet(low: try reader.read(UInt64.self), high: try reader.read(UInt64.self))
        let firstOthers = try reader.readArray(of: UInt32.self)
        self.init(trie: trie, affixes: affixes, entries: entries, firstASCII: firstASCII, firstOthers: firstOthers)
    }
}
