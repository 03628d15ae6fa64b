extension CurrencyConventions {
    /// The locale's part of the marker tables (Docs/ParsingRules.md §4 and §7): its name table
    /// (names, unit words, qualifier words), which keys of the global tables are its standard
    /// symbols (rule 3), and the supplement entries scoped to it. Built on the first parse the
    /// common shape does not read (``CurrencyConventions/markers``): the name table is most of
    /// a locale's build time and memory, and an input without a letter, mark or numeral is
    /// read with the tables less the name table (``wordless(own:names:unitPatterns:)``).
    final class Markers: Sendable {
        /// Case-folded display and plural names of every currency in this locale, and unit words.
        let names: MarkerTrie
        /// For each key of ``names``: what it names.
        let nameInfos: NameInfos
        /// Qualifier words of the locale's names (`indien` -> INR).
        let qualifierWords: QualifierWords

        /// The qualifier word of the input at `start` in the locale's language or English
        /// (`Indian`, `australischen`, §7): where it ends and the currencies it qualifies.
        func qualifier(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, currencies: CurrencySet)? {
            qualifierWords.match(in: bytes, from: start) ?? GlobalMarkers.shared.englishQualifiers.match(in: bytes, from: start)
        }

        /// Which keys of the global tables are this locale's own (rule 3 and the scoped
        /// supplement entries): the part of the tables every general parse reads, with or
        /// without words.
        let own: OwnKeys

        /// The currencies whose standard symbol a key of the global symbol table (or, folded,
        /// word table) is in this locale.
        func standardCurrencies(symbol id: Int32) -> CurrencySet { own.standardSymbols.currencies(forKey: id) }

        func standardCurrencies(word id: Int32) -> CurrencySet { own.standardWords.currencies(forKey: id) }

        /// The currencies of a key's supplement entries scoped to include this locale, if any.
        func scoped(symbol id: Int32) -> GlobalMarkers.SupplementSets? {
            own.scopedSymbolIDs.sortedIndex(of: id).map { own.scopedSymbolSets[$0] }
        }

        func scoped(word id: Int32) -> GlobalMarkers.SupplementSets? {
            own.scopedWordIDs.sortedIndex(of: id).map { own.scopedWordSets[$0] }
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

        /// In the wordless tables, what an input they read must not hold: letters, marks,
        /// numerals and the letterless characters of the locale's names and unit patterns.
        /// Nil in the locale's own tables, which read every input.
        let wordCharacters: WordCharacters?

        /// Whether these are wordless tables that read the input as the locale's own would
        /// (it holds none of ``wordCharacters``).
        func readsWithoutWords(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            wordCharacters.map { !$0.occur(in: bytes) } ?? false
        }

        /// The tables of a locale whose name table is `table` and whose own keys are `own`.
        private init(table: NameTable, own: OwnKeys, wordCharacters: WordCharacters?) {
            let global = GlobalMarkers.shared
            self.own = own
            self.wordCharacters = wordCharacters
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
        }

        /// The tables of a locale with these own keys, bundle names and unit patterns,
        /// without the name table: what the general machine reads an input with that holds
        /// none of ``wordCharacters``
        /// (``LocaleProfile/generalTables(for:)``), which no key of the name table or
        /// qualifier words can match. Cheap next to the name table: no name or word is derived.
        static func wordless(own: OwnKeys, names bundleNames: CurrencyNames, unitPatterns: [String: String]) -> Markers {
            var characters = bundleNames.letterlessNameCharacters()
            // The words the name table puts around names (`de` in ro's `{0} de {1}`).
            for words in unitPatterns.values.compactMap(PatternWords.init) {
                var text = words.before + " " + words.after
                text.withUTF8 { MarkerKey.letterlessPieceCharacters(in: $0, into: &characters) }
            }
            return Markers(table: .empty, own: own, wordCharacters: WordCharacters(nameCharacters: characters.sorted()))
        }

        /// The tables of a locale with these names, plural keywords and unit patterns, and
        /// the own keys `own` gives (derived once per locale for both kinds of tables).
        convenience init(names bundleNames: CurrencyNames, keywords: [String], unitPatterns: [String: String],
                         language: String, own: () -> OwnKeys) {
            // On the process's first general parse the global tables build on another thread
            // meanwhile (started with the compact affixes, which MoneyParser reads first).
            // This thread then helps with them, and (through the own keys, which read them)
            // waits for the rest.
            let table = NameTable.forNames(bundleNames, keywords: keywords, unitPatterns: unitPatterns, language: language)
            GlobalMarkers.helpBuilding()
            self.init(table: table, own: own(), wordCharacters: nil)
        }

        /// Which keys of the global tables are one locale's own.
        struct OwnKeys: Sendable {
            /// Rule 3: keys of ``GlobalMarkers/symbols`` that are the standard symbol of current
            /// currencies in this locale, with those currencies; the same for the case-folded
            /// standard symbols of three or more letters among ``GlobalMarkers/words``.
            let standardSymbols: CurrenciesByKey
            let standardWords: CurrenciesByKey

            /// Keys of the global tables with supplement entries scoped to regions or languages that
            /// include this locale, and those entries' currencies (entries that apply everywhere are
            /// in the global tables).
            let scopedSymbolIDs: [Int32]
            let scopedSymbolSets: [GlobalMarkers.SupplementSets]
            let scopedWordIDs: [Int32]
            let scopedWordSets: [GlobalMarkers.SupplementSets]

            /// The supplement entries of the global tables scoped to some regions or languages.
            private static let scopedSymbolSupplement = GlobalMarkers.ScopedSupplement(GlobalMarkers.shared.symbolSupplement)
            private static let scopedWordSupplement = GlobalMarkers.ScopedSupplement(GlobalMarkers.shared.wordSupplement)

            /// The keys of a locale with these names, in this region and language.
            init(names bundleNames: CurrencyNames, region: String, language: String) {
                let global = GlobalMarkers.shared
                var standardSymbols: [(key: Int32, currency: UInt16)] = []
                var standardWords: [(key: Int32, currency: UInt16)] = []
                for (position, entry) in CurrencyCatalog.shared.entries.enumerated() where entry.isCurrent {
                    let symbol = bundleNames.displaySymbol(position)
                    let id = global.symbols.value(forKey: MarkerKey.bytes(of: symbol, folded: false))
                    if id >= 0 { standardSymbols.append((id, UInt16(position))) }
                    if MarkerKey.isFoldedSymbolForm(symbol) {
                        let word = global.words.value(forKey: MarkerKey.bytes(of: symbol, folded: true))
                        if word >= 0 { standardWords.append((word, UInt16(position))) }
                    }
                }
                let scopedSymbols = Self.scopedSymbolSupplement.sets(region: region, language: language)
                let scopedWords = Self.scopedWordSupplement.sets(region: region, language: language)
                self.standardSymbols = CurrenciesByKey(standardSymbols)
                self.standardWords = CurrenciesByKey(standardWords)
                self.scopedSymbolIDs = scopedSymbols.map(\.key)
                self.scopedSymbolSets = scopedSymbols.map(\.value)
                self.scopedWordIDs = scopedWords.map(\.key)
                self.scopedWordSets = scopedWords.map(\.value)
            }
        }
    }
}
