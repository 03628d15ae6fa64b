/// How every currency is written in one locale, and the locale's part of the marker
/// tables (SPEC 5): its display and plural names (any currency), and which symbols are
/// the locale's own standard symbols for rule 3.
struct CurrencyConventions: Sendable {
    /// One currency's display strings in the locale.
    struct Display: Sendable {
        /// The ISO code.
        let code: String
        /// The standard symbol (`€`, `US$`, or the ISO code when ICU has none).
        let symbol: String
        /// The narrow symbol (`$`), or the ISO code when ICU has none.
        let narrowSymbol: String
        /// The display name (`US dollar`), nil when ICU has none.
        let name: String?
        /// Plural names by plural keyword (`one` -> `US dollar`, `other` -> `US dollars`).
        let pluralNames: [String: String]
    }

    /// Display strings, indexed like ``CurrencyCatalog/entries``.
    let displays: [Display]
    /// The locale's plural keywords, as ICU lists them.
    let pluralKeywords: [String]
    /// Currency-name patterns by plural keyword (`{0} {1}`: number, then name).
    let unitPatterns: [String: String]
    /// Case-folded display and plural names of every currency in this locale.
    let names: MarkerTrie
    /// For each key of ``names``: the currencies with that name.
    let nameCurrencies: [CurrencySet]
    /// Rule 3: keys of ``GlobalMarkers/symbols`` (ascending) that are the standard symbol of
    /// current currencies in this locale or supplement entries for its region, and those
    /// currencies (parallel arrays, binary-searched: cheaper than hashing on the hot path).
    private let standardSymbolIDs: [Int32]
    private let standardSymbolSets: [CurrencySet]

    /// The currencies whose standard symbol (or regional supplement entry) a symbol key is.
    func standardSymbolCurrencies(_ symbol: Int32) -> CurrencySet {
        var low = 0
        var high = standardSymbolIDs.count
        while low < high {
            let middle = (low + high) >> 1
            if standardSymbolIDs[middle] < symbol { low = middle + 1 } else { high = middle }
        }
        return low < standardSymbolIDs.count && standardSymbolIDs[low] == symbol ? standardSymbolSets[low] : CurrencySet()
    }

    /// Whether the locale has a display or plural name for a currency (ICU falls back to
    /// the ISO code when it has none).
    func hasName(_ currency: UInt16) -> Bool {
        let display = displays[Int(currency)]
        return display.name != nil || !display.pluralNames.isEmpty
    }

    init(locale: String, region: String) {
        let catalog = CurrencyCatalog.shared
        let global = GlobalMarkers.shared
        let keywords = ICU.pluralKeywords(ofLocale: locale)
        let unitPatterns = ICU.currencyUnitPatterns(ofLocale: locale)
        // The literal words of each unit pattern, split once for all currencies.
        let decorations = unitPatterns.sorted { $0.key < $1.key }.compactMap { keyword, pattern in
            PatternWords(pattern).map { (keyword: keyword, words: $0) }
        }
        let bundleNames = CurrencyNames.forLocale(locale)
        var displays: [Display] = []
        displays.reserveCapacity(catalog.entries.count)
        var names = MarkerTableBuilder(empty: CurrencySet())
        var standard: [Int32: CurrencySet] = [:]

        for (position, entry) in catalog.entries.enumerated() {
            let index = UInt16(position)
            let code = entry.code
            /// ICU answers the ISO code when it has no string: that counts as none.
            func known(_ text: String?) -> String? { text.flatMap { $0.isEmpty || $0 == code ? nil : $0 } }
            let symbol = known(bundleNames.symbol(position)) ?? code
            // Without a narrow symbol ICU answers (and formats) the ISO code, not the symbol.
            let narrow = known(bundleNames.narrowSymbol(position)) ?? code
            let name = known(bundleNames.longNames[position])
            var plurals: [String: String] = [:]
            for keyword in keywords {
                if let plural = known(bundleNames.pluralName(position, keyword: keyword)) { plurals[keyword] = plural }
            }
            displays.append(Display(code: code, symbol: symbol, narrowSymbol: narrow, name: name, pluralNames: plurals))

            if entry.isCurrent {
                let id = global.symbols.value(forKey: MarkerKey.bytes(of: symbol, folded: false))
                if id >= 0 { standard[id, default: CurrencySet()].insert(index) }
            }
            // Names, and names with the words the locale's currency-unit pattern puts around
            // them (`{0} de {1}` in Romanian: "100 de lei românești").
            var texts = [name].compactMap { $0 } + plurals.values
            for decoration in decorations {
                guard let plural = plurals[decoration.keyword] ?? plurals["other"] ?? name else { continue }
                let decorated = decoration.words.around(plural)
                if decorated != plural { texts.append(decorated) }
            }
            for text in texts {
                let key = MarkerKey.bytes(of: text, folded: true)
                guard !key.isEmpty else { continue }
                names.update(key) { $0.insert(index) }
            }
        }
        for (id, supplement) in global.symbolSupplement.enumerated() where !supplement.entries.isEmpty {
            for entry in supplement.entries where entry.applies(inRegion: region) {
                standard[Int32(id), default: CurrencySet()].insert(entry.currency)
            }
        }
        self.displays = displays
        self.pluralKeywords = keywords
        self.unitPatterns = unitPatterns
        (self.names, self.nameCurrencies) = names.build()
        let sortedStandard = standard.sorted { $0.key < $1.key }
        self.standardSymbolIDs = sortedStandard.map(\.key)
        self.standardSymbolSets = sortedStandard.map(\.value)
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

        /// The name with the words around it, single spaces between.
        func around(_ name: String) -> String {
            [before, PatternWords.trimmed(name), after].filter { !$0.isEmpty }.joined(separator: " ")
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
