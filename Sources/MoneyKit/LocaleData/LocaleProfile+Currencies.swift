/// How every currency is written in one locale, and the locale's part of the marker
/// tables (SPEC 5): its display and plural names (any currency), and which symbols are
/// the locale's own standard symbols for rule 3.
struct CurrencyConventions: Sendable {
    /// One currency's display strings in the locale.
    struct Display: Sendable {
        /// The standard symbol (`€`, `US$`, or the ISO code when ICU has none).
        let symbol: String
        /// The narrow symbol (`$`), falling back to the standard symbol.
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
    /// Case-folded display and plural names of every currency in this locale.
    let names: MarkerTrie
    /// For each key of ``names``: the currencies with that name.
    let nameCurrencies: [CurrencySet]
    /// Rule 3: for a key of ``GlobalMarkers/symbols``, the current currencies whose
    /// standard symbol in this locale it is, plus the supplement entries for the region.
    let standardSymbolCurrencies: [Int32: CurrencySet]

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
        var displays: [Display] = []
        displays.reserveCapacity(catalog.entries.count)
        var names = MarkerTableBuilder(empty: CurrencySet())
        var standard: [Int32: CurrencySet] = [:]

        for (position, entry) in catalog.entries.enumerated() {
            let index = UInt16(position)
            let symbol = ICU.currencyName(entry.code, locale: locale, kind: .symbol) ?? entry.code
            let narrow = ICU.currencyName(entry.code, locale: locale, kind: .narrowSymbol) ?? symbol
            let name = ICU.currencyName(entry.code, locale: locale, kind: .longName)
            var plurals: [String: String] = [:]
            for keyword in keywords {
                if let plural = ICU.currencyPluralName(entry.code, locale: locale, keyword: keyword) {
                    plurals[keyword] = plural
                }
            }
            displays.append(Display(symbol: symbol, narrowSymbol: narrow, name: name, pluralNames: plurals))

            if entry.isCurrent {
                let id = global.symbols.value(forKey: MarkerKey.bytes(of: symbol, folded: false))
                if id >= 0 { standard[id, default: CurrencySet()].insert(index) }
            }
            for text in [name].compactMap({ $0 }) + plurals.values {
                let key = MarkerKey.bytes(of: text, folded: true)
                guard !key.isEmpty else { continue }
                names.update(key) { $0.insert(index) }
            }
        }
        for (id, info) in global.symbolInfos.enumerated() where !info.supplement.isEmpty {
            for entry in info.supplement where entry.applies(inRegion: region) {
                standard[Int32(id), default: CurrencySet()].insert(entry.currency)
            }
        }
        self.displays = displays
        self.pluralKeywords = keywords
        (self.names, self.nameCurrencies) = names.build()
        self.standardSymbolCurrencies = standard
    }
}
