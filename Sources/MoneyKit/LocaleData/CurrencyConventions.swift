
/// How every currency is written in one locale, and the locale's part of the marker
/// tables (Docs/ParsingRules.md §4 and §7): its display and plural names (any currency), and which symbols are
/// the locale's own standard symbols for rule 3.
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
            Display(code: CurrencyCatalog.shared.entries[currency].code, symbol: names.displaySymbols[currency],
                    narrowSymbol: names.displayNarrowSymbols[currency], name: names.displayNames[currency],
                    names: names, currency: currency)
        }

        var indices: Range<Int> { names.displaySymbols.indices }
    }

    /// Display strings, indexed like ``CurrencyCatalog/entries``.
    let displays: Displays
    /// The locale's plural keywords, as ICU lists them.
    let pluralKeywords: [String]
    /// Currency-name patterns by plural keyword (`{0} {1}`: number, then name).
    let unitPatterns: [String: String]
    /// Case-folded display and plural names of every currency in this locale, and unit words.
    let names: MarkerTrie
    /// For each key of ``names``: what it names.
    let nameInfos: [NameInfo]
    /// Qualifier words of the locale's names (`indien` -> INR).
    let qualifierWords: QualifierWords

    /// The qualifier word of the input at `start` in the locale's language or English
    /// (`Indian`, `australischen`, §7): where it ends and the currencies it qualifies.
    func qualifier(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, currencies: CurrencySet)? {
        qualifierWords.match(in: bytes, from: start) ?? GlobalMarkers.shared.englishQualifiers.match(in: bytes, from: start)
    }

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

    /// Rule 3: keys of ``GlobalMarkers/symbols`` (ascending) that are the standard symbol of
    /// current currencies in this locale, and those currencies; the same for the case-folded
    /// standard symbols of three or more letters among ``GlobalMarkers/words`` (parallel
    /// arrays, binary-searched: cheaper than hashing on the hot path).
    private let standardSymbolIDs: [Int32]
    private let standardSymbolSets: [CurrencySet]
    private let standardWordIDs: [Int32]
    private let standardWordSets: [CurrencySet]

    /// Keys of the global tables with supplement entries scoped to regions or languages that
    /// include this locale, and those entries' currencies (entries that apply everywhere are
    /// in the global tables).
    private let scopedSymbolIDs: [Int32]
    private let scopedSymbolSets: [GlobalMarkers.SupplementSets]
    private let scopedWordIDs: [Int32]
    private let scopedWordSets: [GlobalMarkers.SupplementSets]

    /// The currencies whose standard symbol a key of the global symbol table (or, folded,
    /// word table) is in this locale.
    func standardCurrencies(symbol id: Int32) -> CurrencySet {
        standardSymbolIDs.sortedIndex(of: id).map { standardSymbolSets[$0] } ?? CurrencySet()
    }

    func standardCurrencies(word id: Int32) -> CurrencySet {
        standardWordIDs.sortedIndex(of: id).map { standardWordSets[$0] } ?? CurrencySet()
    }

    /// The currencies of a key's supplement entries scoped to include this locale, if any.
    func scoped(symbol id: Int32) -> GlobalMarkers.SupplementSets? {
        scopedSymbolIDs.sortedIndex(of: id).map { scopedSymbolSets[$0] }
    }

    func scoped(word id: Int32) -> GlobalMarkers.SupplementSets? {
        scopedWordIDs.sortedIndex(of: id).map { scopedWordSets[$0] }
    }

    /// The currencies for which the locale has a display or plural name (ICU falls back to
    /// the ISO code when it has none).
    private let named: CurrencySet

    /// Whether the locale has a display or plural name for a currency.
    func hasName(_ currency: UInt16) -> Bool { named.contains(currency) }

    /// The CJK and Korean numeral characters that begin a longer marker in this locale
    /// (일 of 일본 엔화), ascending: only these need a marker match before being read as numerals.
    private let numeralsBeginningMarkers: [UInt32]

    /// Whether a numeral character begins a marker longer than itself.
    func numeralBeginsMarker(_ scalar: UInt32) -> Bool {
        numeralsBeginningMarkers.sortedContains(scalar)
    }

    init(locale: String, region: String, language: String) {
        let global = GlobalMarkers.shared
        let keywords = ICU.pluralKeywords(ofLocale: locale)
        let unitPatterns = ICU.currencyUnitPatterns(ofLocale: locale)
        let bundleNames = CurrencyNames.forLocale(locale)
        let table = NameTable.forNames(bundleNames, keywords: keywords, unitPatterns: unitPatterns, language: language)

        var standardSymbols: [Int32: CurrencySet] = [:]
        var standardWords: [Int32: CurrencySet] = [:]
        for (position, entry) in CurrencyCatalog.shared.entries.enumerated() where entry.isCurrent {
            let symbol = bundleNames.displaySymbols[position]
            let id = global.symbols.value(forKey: MarkerKey.bytes(of: symbol, folded: false))
            if id >= 0 { standardSymbols[id, default: CurrencySet()].insert(UInt16(position)) }
            if MarkerKey.isFoldedSymbolForm(symbol) {
                let word = global.words.value(forKey: MarkerKey.bytes(of: symbol, folded: true))
                if word >= 0 { standardWords[word, default: CurrencySet()].insert(UInt16(position)) }
            }
        }
        func scopedHere(_ supplement: [GlobalMarkers.SupplementInfo]) -> [(key: Int32, value: GlobalMarkers.SupplementSets)] {
            var scoped: [Int32: GlobalMarkers.SupplementSets] = [:]
            for info in supplement {
                for index in info.entries {
                    let entry = MarkerSupplement.shared.entries[index]
                    guard !entry.scope.isEverywhere, entry.applies(inRegion: region, language: language) else { continue }
                    scoped[info.key, default: GlobalMarkers.SupplementSets()].add(entry)
                }
            }
            return scoped.sorted { $0.key < $1.key }
        }
        let scopedSymbols = scopedHere(global.symbolSupplement)
        let scopedWords = scopedHere(global.wordSupplement)
        self.displays = Displays(names: bundleNames)
        self.pluralKeywords = keywords
        self.unitPatterns = unitPatterns
        self.names = table.trie
        self.nameInfos = table.infos
        self.named = table.named
        self.qualifierWords = table.qualifiers
        let tries = [(global.symbols.view, false), (global.words.view, true), (table.trie.view, true)]
        self.numeralsBeginningMarkers = Numerals.allScalars.filter { scalar in
            tries.contains { trie, folded in
                guard !folded || !MarkerKey.isRemovedByFolding(scalar) else { return false }
                let node = trie.child(of: MarkerTrie.root, scalar: folded ? MarkerKey.foldedScalar(scalar) ?? scalar : scalar)
                return node >= 0 && trie.hasChildren(node)
            } || table.qualifiers.beginsLongerWord(scalar)
        }
        let sortedSymbols = standardSymbols.sorted { $0.key < $1.key }
        self.standardSymbolIDs = sortedSymbols.map(\.key)
        self.standardSymbolSets = sortedSymbols.map(\.value)
        let sortedWords = standardWords.sorted { $0.key < $1.key }
        self.standardWordIDs = sortedWords.map(\.key)
        self.standardWordSets = sortedWords.map(\.value)
        self.scopedSymbolIDs = scopedSymbols.map(\.key)
        self.scopedSymbolSets = scopedSymbols.map(\.value)
        self.scopedWordIDs = scopedWords.map(\.key)
        self.scopedWordSets = scopedWords.map(\.value)
    }

    /// The locale's name table: every currency's long and plural names, and the names with
    /// the words of the locale's currency-unit patterns, case-folded. Shared by locales with
    /// the same names, plural keywords and unit patterns (most regional variants of a language).
    final class NameTable: Sendable {
        let trie: MarkerTrie
        let infos: [NameInfo]
        /// The currencies that have a display or plural name.
        let named: CurrencySet
        /// Qualifier words of the names (`indian` -> INR).
        let qualifiers: QualifierWords

        private init(trie: MarkerTrie, infos: [NameInfo], named: CurrencySet, qualifiers: QualifierWords) {
            self.trie = trie
            self.infos = infos
            self.named = named
            self.qualifiers = qualifiers
        }

        private static let cache = DerivedCache<String, NameTable>()

        /// The name table of a bundle's names under a locale's plural keywords and unit
        /// patterns; `language` splits words of scripts written without spaces (§7).
        static func forNames(
            _ bundleNames: CurrencyNames, keywords: [String], unitPatterns: [String: String], language: String
        ) -> NameTable {
            let sortedPatterns = unitPatterns.sorted { $0.key < $1.key }
            let key = "\(bundleNames.nameTableID)\u{1}\(language)\u{1}\(keywords.joined(separator: " "))\u{1}"
                + sortedPatterns.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1}")
            return cache.value(for: key) {
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
            // Plural names per keyword (the locale's keywords, then "other"), looked up once.
            let pluralTables = keywords.map { bundleNames.pluralNames[$0] }
            let otherTable = bundleNames.pluralNames["other"]
            let codes = CurrencyCatalog.shared.entries.map(\.code)
            return codes.indices.map { position -> CurrencyTexts? in
                let name = bundleNames.displayNames[position]
                let plurals = pluralTables.map { table -> String? in
                    let plural = table?[position] ?? otherTable?[position] ?? bundleNames.longNames[position]
                    return plural.flatMap { $0.isEmpty || $0 == codes[position] ? nil : $0 }
                }
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
            let (trie, infos) = names.build()
            return NameTable(trie: trie, infos: infos, named: named, qualifiers: QualifierWords(derived.qualifiers))
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
