import Foundation

/// How every currency is written in one locale, and the locale's part of the marker
/// tables (Docs/ParsingRules.md §4 and §7): its display and plural names (any currency), and
/// (in ``Markers``, built on first use) the name table and which symbols are the locale's own
/// standard symbols for rule 3.
///
/// A class: the parse reads it through its profile, and a value this large would be copied
/// (every table's reference retained) wherever a method of it is taken as a closure.
final class CurrencyConventions: Sendable {
    /// One currency's display strings in the locale.
    struct Display {
        /// The ISO code.
        let code: String
        /// The standard symbol (`€`, `US$`, or the ISO code when ICU has none).
        let symbol: String
        /// The narrow symbol (`$`), or the ISO code when ICU has none.
        let narrowSymbol: String
        /// The display name (`US dollar`), nil when ICU has none.
        let name: String?
        fileprivate let names: CurrencyNames
        fileprivate let currency: Int

        /// The plural name for a plural keyword (`one` -> `US dollar`, `other` -> `US dollars`),
        /// nil when ICU has none.
        func pluralName(_ keyword: String) -> String? { names.displayPluralName(currency, keyword: keyword) }
    }

    /// Display strings of every currency, indexed like ``CurrencyCatalog/entries``: a view
    /// of the bundle's names, which locales share.
    struct Displays: Sendable {
        let names: CurrencyNames

        subscript(currency: Int) -> Display {
            Display(code: CurrencyCatalog.shared.entries[currency].code, symbol: names.displaySymbol(currency),
                    narrowSymbol: names.displayNarrowSymbol(currency), name: names.displayName(currency),
                    names: names, currency: currency)
        }

        var indices: Range<Int> { CurrencyCatalog.shared.entries.indices }
    }

    /// Display strings, indexed like ``CurrencyCatalog/entries``.
    let displays: Displays
    /// The locale's plural keywords, as ICU lists them.
    let pluralKeywords: [String]
    /// Currency-name patterns by plural keyword (`{0} {1}`: number, then name).
    let unitPatterns: [String: String]

    /// The locale's part of the marker tables, built on first use: the general machine needs
    /// them, the common shape does not (most amounts typed into a form never build them).
    var markers: Markers { lazyMarkers.value }
    private let lazyMarkers: LazyReference<Markers>

    /// ``markers``, unretained (see ``LazyReference/unmanagedValue``): what the parse holds.
    @inline(__always)
    var unmanagedMarkers: Unmanaged<Markers> { lazyMarkers.unmanagedValue }

    /// Whether the marker tables were built (tests and memory reports).
    var hasBuiltMarkers: Bool { lazyMarkers.isBuilt }

    /// Starts building ``markers`` on a thread of its own: a read of them on another thread
    /// meanwhile waits for that build (see ``LocaleProfile/generalTables(for:)``).
    func startBuildingMarkers() {
        Thread.detachNewThread { [self] in _ = lazyMarkers.value }
    }

    /// The marker tables less the name table (``Markers/wordless(own:names:unitPatterns:)``),
    /// built on first use, unretained: what the general machine reads an input with that
    /// has no letter, mark or numeral while ``markers`` are not built.
    @inline(__always)
    var unmanagedWordlessMarkers: Unmanaged<Markers> { lazyWordlessMarkers.unmanagedValue }
    private let lazyWordlessMarkers: LazyReference<Markers>

    /// Whether the wordless marker tables were built (tests).
    var hasBuiltWordlessMarkers: Bool { lazyWordlessMarkers.isBuilt }

    /// What a key of the locale's name table names.
    struct NameInfo: Sendable {
        /// Currencies (current or not) with this display or plural name.
        var names = CurrencySet()
        /// Current currencies with this unit word (Docs/ParsingRules.md §7).
        var unitWords = CurrencySet()
        /// Currencies, current or not, whose names have this unit word as their noun: those a
        /// qualifier next to it may pick (`marchi tedeschi`, the German mark, §7).
        var nouns = CurrencySet()
    }

    /// The infos of a name table's keys, each distinct currency set stored once: a table has
    /// hundreds of keys (about 750 in English, 1,400 in Slovak) but few distinct sets, so a
    /// key takes 6 bytes instead of an info's 144.
    struct NameInfos: Sendable {
        private struct Entry {
            let names: UInt16
            let unitWords: UInt16
            let nouns: UInt16
        }

        private let entries: [Entry]
        private let sets: [CurrencySet]

        init(_ infos: [NameInfo]) {
            var pool = CurrencySetPool()
            // UInt16: a language's names hold a few hundred distinct sets at most.
            func number(_ set: CurrencySet) -> UInt16 { UInt16(pool.number(of: set)) }
            entries = infos.map { Entry(names: number($0.names), unitWords: number($0.unitWords), nouns: number($0.nouns)) }
            sets = pool.sets.exactlySized
        }

        /// How many keys have an info.
        var count: Int { entries.count }

        /// Writes the infos for the table cache on disk: each key's three set numbers, then the sets.
        func encode(to writer: inout TableWriter) {
            writer.write(entries.flatMap { [$0.names, $0.unitWords, $0.nouns] })
            writer.write(sets)
        }

        /// Reads infos ``encode(to:)`` wrote.
        init(reading reader: inout TableReader) throws(TableReader.Invalid) {
            let numbers = try reader.readArray(of: UInt16.self)
            let sets = try reader.readSets()
            guard numbers.count % 3 == 0, numbers.allSatisfy({ Int($0) < sets.count }) else { throw TableReader.Invalid() }
            entries = (0..<numbers.count / 3).map {
                Entry(names: numbers[3 * $0], unitWords: numbers[3 * $0 + 1], nouns: numbers[3 * $0 + 2])
            }
            self.sets = sets
        }

        /// The info of a key (a value of the name trie).
        subscript(key: Int) -> NameInfo {
            let entry = entries[key]
            return NameInfo(names: sets[Int(entry.names)], unitWords: sets[Int(entry.unitWords)], nouns: sets[Int(entry.nouns)])
        }
    }

    init(locale: String, region: String, language: String) {
        let keywords = ICU.pluralKeywords(ofLocale: locale)
        let unitPatterns = ICU.currencyUnitPatterns(ofLocale: locale)
        let bundleNames = CurrencyNames.forLocale(locale)
        self.displays = Displays(names: bundleNames)
        self.pluralKeywords = keywords
        self.unitPatterns = unitPatterns
        // The locale's own keys of the global tables, derived once for both kinds of tables
        // (and held once: a copy of its arrays shares their storage).
        let ownKeys = Locked<Markers.OwnKeys?>(nil)
        @Sendable func own() -> Markers.OwnKeys {
            ownKeys.value { Markers.OwnKeys(names: bundleNames, region: region, language: language) }
        }
        self.lazyWordlessMarkers = LazyReference { Markers.wordless(own: own(), names: bundleNames, unitPatterns: unitPatterns) }
        self.lazyMarkers = LazyReference {
            Markers(names: bundleNames, keywords: keywords, unitPatterns: unitPatterns, language: language, own: own)
        }
    }

    /// The locale's name table: every currency's long and plural names, and the names with
    /// the words of the locale's currency-unit patterns, case-folded. Shared by locales with
    /// the same names, plural keywords and unit patterns (most regional variants of a language).
    final class NameTable: Sendable {
        let trie: MarkerTrie
        let infos: NameInfos
        /// The currencies that have a display or plural name.
        let named: CurrencySet
        /// Qualifier words of the names (`indian` -> INR).
        let qualifiers: QualifierWords

        private init(trie: MarkerTrie, infos: NameInfos, named: CurrencySet, qualifiers: QualifierWords) {
            self.trie = trie
            self.infos = infos
            self.named = named
            self.qualifiers = qualifiers
        }

        /// The table with no name: the wordless marker tables'.
        static let empty = NameTable(trie: MarkerTrie([]), infos: NameInfos([]), named: CurrencySet(), qualifiers: QualifierWords([:]))

        private static let cache = DerivedCache<String, NameTable>()

        /// The name table of a bundle's names under a locale's plural keywords and unit
        /// patterns; `language` splits words of scripts written without spaces (§7).
        static func forNames(
            _ bundleNames: CurrencyNames, keywords: [String], unitPatterns: [String: String], language: String
        ) -> NameTable {
            let sortedPatterns = unitPatterns.sorted { $0.key < $1.key }
            let key = "\(bundleNames.nameSource)\u{1}\(language)\u{1}\(keywords.joined(separator: " "))\u{1}"
                + sortedPatterns.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1}")
            return cache.storedValue(for: key) {
                build(bundleNames, keywords: keywords, sortedPatterns: sortedPatterns, language: language)
            }
        }

        /// The key bytes of one unit pattern's words, for one plural keyword (an index into
        /// the locale's keywords; nil when the locale lacks it).
        private struct Decoration {
            let keyword: Int?
            let before: [UInt8]
            let after: [UInt8]

            /// A name's key with the pattern's words around it, space-separated.
            func around(_ key: [UInt8]) -> [UInt8] {
                var decorated: [UInt8] = []
                for part in [before, key, after] where !part.isEmpty {
                    if !decorated.isEmpty { decorated.append(0x20) }
                    decorated += part
                }
                return decorated
            }
        }

        /// The name table of those names under those plural keywords and unit patterns.
        /// One currency's names in a locale: its display name, its plural name for each of
        /// the locale's keywords (ICU's: the keyword's, else "other"'s, else the long name;
        /// the code means none), and the distinct texts among them, in that order.
        private struct CurrencyTexts {
            let name: String?
            let plurals: [String?]
            let texts: [String]
        }

        /// Every currency's names in a locale, indexed like ``CurrencyCatalog/entries``; nil
        /// for a currency with none (ICU then writes its ISO code).
        private static func currencyTexts(_ bundleNames: CurrencyNames, keywords: [String]) -> [CurrencyTexts?] {
            CurrencyCatalog.shared.entries.indices.map { position -> CurrencyTexts? in
                let name = bundleNames.displayName(position)
                let plurals = keywords.map { bundleNames.displayPluralName(position, keyword: $0) }
                guard name != nil || plurals.contains(where: { $0 != nil }) else { return nil }
                var texts: [String] = []
                for text in [name] + plurals {
                    if let text, !texts.contains(text) { texts.append(text) }
                }
                return CurrencyTexts(name: name, plurals: plurals, texts: texts)
            }
        }

        /// The words derived from a locale's names (Docs/ParsingRules.md §7): unit words,
        /// nouns and qualifiers (``UnitWords``), as the name table holds them.
        static func vocabulary(of bundleNames: CurrencyNames, keywords: [String], language: String) -> UnitWords {
            vocabulary(currencyTexts(bundleNames, keywords: keywords), language: language)
        }

        private static func vocabulary(_ texts: [CurrencyTexts?], language: String) -> UnitWords {
            let entries = CurrencyCatalog.shared.entries
            let forms = texts.indices.compactMap { position -> UnitWords.Keys? in
                guard let currency = texts[position] else { return nil }
                return UnitWords.Keys(currency: UInt16(position), isCurrent: entries[position].isCurrent,
                                      keys: currency.texts.map { MarkerKey.bytes(of: $0, folded: true) })
            }
            return UnitWords(keys: forms, splitter: NameWords(locale: language))
        }

        /// The name table of those names under those plural keywords and unit patterns.
        private static func build(
            _ bundleNames: CurrencyNames, keywords: [String], sortedPatterns: [(key: String, value: String)], language: String
        ) -> NameTable {
            // The literal words of each unit pattern as key bytes, split once for all currencies.
            let decorations = sortedPatterns.compactMap { keyword, pattern -> Decoration? in
                guard let words = PatternWords(pattern) else { return nil }
                return Decoration(keyword: keywords.firstIndex(of: keyword), before: MarkerKey.bytes(of: words.before, folded: true),
                                  after: MarkerKey.bytes(of: words.after, folded: true))
            }
            let codes = CurrencyCatalog.shared.entries.map(\.code)
            let allTexts = currencyTexts(bundleNames, keywords: keywords)
            var names = MarkerTableBuilder(empty: NameInfo())
            var named = CurrencySet()
            var keys: [[UInt8]] = []
            let otherSlot = keywords.firstIndex(of: "other")
            for position in codes.indices {
                let index = UInt16(position)
                guard let currency = allTexts[position] else {
                    // No name: ICU writes the ISO code in the name's place, with the unit
                    // pattern's words ("-5.550 de UYI" in ro), so those read as the currency too.
                    let code = MarkerKey.bytes(of: codes[position], folded: true)
                    for decoration in decorations where !decoration.before.isEmpty || !decoration.after.isEmpty {
                        names.update(decoration.around(code)) { $0.names.insert(index) }
                    }
                    continue
                }
                named.insert(index)
                // Names, and names with the words the locale's currency-unit pattern puts around
                // them (`{0} de {1}` in Romanian: "100 de lei românești").
                keys.removeAll(keepingCapacity: true)
                // The texts' keys, in the texts' order (a handful: searched, not hashed).
                let textKeys = currency.texts.map { MarkerKey.bytes(of: $0, folded: true) }
                keys += textKeys.filter { !$0.isEmpty }
                for decoration in decorations {
                    let chosen = decoration.keyword.flatMap { currency.plurals[$0] } ?? otherSlot.flatMap { currency.plurals[$0] }
                        ?? currency.name
                    guard let chosen, let position = currency.texts.firstIndex(of: chosen) else { continue }
                    let nameKey = textKeys[position]
                    let decorated = decoration.around(nameKey)
                    if decorated != nameKey, !decorated.isEmpty { keys.append(decorated) }
                }
                for key in keys {
                    names.update(key) { $0.names.insert(index) }
                }
            }
            // Unit words (Docs/ParsingRules.md §7), also with the unit patterns' words around them.
            let derived = vocabulary(allTexts, language: language)
            for (wordKey, currencies) in derived.words {
                let key = Array(wordKey.bytes)
                names.update(key) { $0.unitWords.formUnion(currencies) }
                for decoration in decorations where !decoration.before.isEmpty || !decoration.after.isEmpty {
                    names.update(decoration.around(key)) { $0.unitWords.formUnion(currencies) }
                }
            }
            // The nouns' currencies, current or not, on the keys that are markers already (a
            // noun of no current currency is no marker on its own).
            for (wordKey, currencies) in derived.nouns where names.info(forKey: Array(wordKey.bytes)) != nil {
                names.update(Array(wordKey.bytes)) { $0.nouns.formUnion(currencies) }
            }
            names.addPeriodlessVariants()
            // Most of a name table's nodes lie on single paths (the rest of a name once its
            // first letters tell it apart, with its plural): kept in tails (MarkerTrie).
            let (trie, infos) = names.build(tails: true)
            return NameTable(trie: trie, infos: NameInfos(infos), named: named, qualifiers: QualifierWords(derived.qualifiers))
        }
    }

    /// The literal words a currency-unit pattern writes around the currency name (`{0} de
    /// {1}`: "de" before it), trimmed of spaces.
    struct PatternWords {
        let before: String
        let after: String

        /// Nil when the pattern lacks `{0}` or `{1}`.
        init?(_ pattern: String) {
            let scalars = Array(pattern.unicodeScalars)
            func find(_ placeholder: Unicode.Scalar) -> Int? {
                guard scalars.count >= 3 else { return nil }
                return (0...(scalars.count - 3)).first {
                    scalars[$0] == "{" && scalars[$0 + 1] == placeholder && scalars[$0 + 2] == "}"
                }
            }
            guard let number = find("0"), let name = find("1") else { return nil }
            func text(_ range: Range<Int>) -> String {
                range.isEmpty ? "" : PatternWords.trimmed(String(String.UnicodeScalarView(scalars[range])))
            }
            if number < name {
                before = text((number + 3)..<name)
                after = text((name + 3)..<scalars.count)
            } else {
                before = text(0..<name)
                after = text((name + 3)..<number)
            }
        }

        /// Text without leading and trailing spaces (Unicode Zs) and tabs.
        static func trimmed(_ text: String) -> String {
            func isSpace(_ scalar: Unicode.Scalar) -> Bool {
                scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
            }
            let scalars = text.unicodeScalars
            guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return text }
            guard let start = scalars.firstIndex(where: { !isSpace($0) }),
                  let end = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
            return String(scalars[start...end])
        }
    }
}

extension CurrencyConventions.NameTable: StoredTable {
    static var storedKind: String { "names" }

    func encode(to writer: inout TableWriter) {
        writer.write(named)
        infos.encode(to: &writer)
        trie.encode(to: &writer)
        qualifiers.encode(to: &writer)
    }

    convenience init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        let named = try reader.readSet()
        let infos = try CurrencyConventions.NameInfos(reading: &reader)
        let trie = try MarkerTrie(reading: &reader, valueLimit: infos.count, tails: true)
        let qualifiers = try QualifierWords(reading: &reader)
        self.init(trie: trie, infos: infos, named: named, qualifiers: qualifiers)
    }
}
