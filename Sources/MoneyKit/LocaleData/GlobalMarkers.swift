/// The currency markers that are the same in every locale, built once on first use
/// (SPEC section 5):
///
/// - **Symbols** (matched exactly after section 3's equivalences): the standard, narrow,
///   variant and formal symbols of every current currency in every ICU locale (rule 4), and
///   the supplement's entries; also those of currencies no longer current, which count only
///   when they denote the currency hint. Read straight from ICU's currency data bundles, which is
///   about a hundred times faster than asking `ucurr_getName` locale by locale and yields
///   the same strings.
/// - **Words** (matched case-insensitively): every ISO 4217 code ICU knows, and every
///   currency's English display and plural names.
///
/// Locale-specific names live in each ``LocaleProfile``.
final class GlobalMarkers: Sendable {
    /// What a symbol key denotes.
    struct SymbolInfo: Sendable {
        /// Current currencies with this symbol (standard, narrow, variant or formal) in some locale.
        var currencies = CurrencySet()
        /// Currencies of all supplement entries with this marker, whatever their regions.
        var supplementCurrencies = CurrencySet()
        /// Currencies no longer legal tender with this symbol in some locale: a marker only
        /// when the parser's currency hint is one of them (SPEC 5 rule 1), so that amounts
        /// of any currency ICU knows can be read back.
        var historic = CurrencySet()

        /// Whether the symbol is a marker without a hint.
        var isMarkerWithoutHint: Bool { !currencies.isEmpty || !supplementCurrencies.isEmpty }
    }

    /// A symbol key's supplement entries (read when a locale profile is built).
    struct SupplementEntries: Sendable {
        var entries: [MarkerSupplement.Entry] = []
    }

    /// What a word key denotes.
    struct WordInfo: Sendable {
        /// The currency whose ISO code this is, or -1.
        var isoCode: Int32 = -1
        /// Currencies (current or not) with this English display or plural name.
        var englishNames = CurrencySet()
    }

    static let shared = GlobalMarkers()

    let symbols: MarkerTrie
    let symbolInfos: [SymbolInfo]
    /// For each symbol key: whether it is a marker without a currency hint, and its historic
    /// currencies (hot-path copies of ``SymbolInfo/isMarkerWithoutHint`` and
    /// ``SymbolInfo/historic`` that read without reference counting).
    let symbolIsMarkerWithoutHint: FrozenBuffer<Bool>
    let symbolHistoric: FrozenBuffer<CurrencySet>
    /// For each symbol key: its supplement entries.
    let symbolSupplement: [SupplementEntries]
    /// A currency's own format in one bundle of ICU's currency data.
    struct OwnFormatRecord: Sendable {
        /// The bundle's language (`en` for en_150).
        let language: String
        let currency: UInt16
        let format: FormattingConventions.OwnFormat
    }

    /// Currencies that have their own format (pattern and separators) in some bundle of
    /// ICU's currency data: EUR in en_150, TRY in tr, CVE in pt_CV and kea, and historic
    /// ones. Read here because it comes from the same bundle walk; a locale profile checks
    /// which of them its locale inherits.
    let ownFormats: [OwnFormatRecord]
    let words: MarkerTrie
    let wordInfos: [WordInfo]

    private init() {
        let catalog = CurrencyCatalog.shared

        // Symbols of current currencies across all bundles of ICU's currency data.
        var symbols = MarkerTableBuilder(empty: SymbolInfo())
        var ownFormats: [OwnFormatRecord] = []
        for bundle in ICU.currencyBundleNames() {
            for defined in ICU.currencySymbols(definedInBundle: bundle) {
                guard let index = catalog.index(ofCode: defined.code.utf8) else { continue }
                if defined.kind == .ownFormat {
                    let fields = defined.symbol.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    guard fields.count == 3 else { continue }
                    let format = FormattingConventions.OwnFormat(
                        pattern: NumberPattern(fields[0]), decimalSymbol: fields[1], groupingSymbol: fields[2])
                    ownFormats.append(OwnFormatRecord(language: String(bundle.prefix { $0 != "_" }), currency: index,
                                                      format: format))
                    continue
                }
                let key = MarkerKey.bytes(of: defined.symbol, folded: false)
                guard !key.isEmpty else { continue }
                if catalog.entries[Int(index)].isCurrent {
                    symbols.update(key) { $0.currencies.insert(index) }
                } else {
                    symbols.update(key) { $0.historic.insert(index) }
                }
            }
        }
        var supplementByKey: [[UInt8]: [MarkerSupplement.Entry]] = [:]
        for entry in MarkerSupplement.shared.entries {
            let key = MarkerKey.bytes(of: entry.marker, folded: false)
            symbols.update(key) { $0.supplementCurrencies.insert(entry.currency) }
            supplementByKey[key, default: []].append(entry)
        }
        (self.symbols, self.symbolInfos) = symbols.build()
        self.symbolIsMarkerWithoutHint = FrozenBuffer(symbolInfos.map(\.isMarkerWithoutHint))
        self.symbolHistoric = FrozenBuffer(symbolInfos.map(\.historic))
        var supplement = [SupplementEntries](repeating: SupplementEntries(), count: symbolInfos.count)
        for (key, entries) in supplementByKey {
            let id = self.symbols.value(forKey: key)
            if id >= 0 { supplement[Int(id)].entries = entries }
        }
        self.symbolSupplement = supplement
        self.ownFormats = ownFormats

        // ISO codes and English names.
        var words = MarkerTableBuilder(empty: WordInfo())
        let englishKeywords = ICU.pluralKeywords(ofLocale: "en")
        for (position, entry) in catalog.entries.enumerated() {
            let index = UInt16(position)
            words.update(MarkerKey.bytes(of: entry.code, folded: true)) { $0.isoCode = Int32(index) }
            var names: [String] = []
            if let name = ICU.currencyName(entry.code, locale: "en", kind: .longName) { names.append(name) }
            for keyword in englishKeywords {
                if let name = ICU.currencyPluralName(entry.code, locale: "en", keyword: keyword) { names.append(name) }
            }
            for name in names {
                let key = MarkerKey.bytes(of: name, folded: true)
                guard !key.isEmpty else { continue }
                words.update(key) { $0.englishNames.insert(index) }
            }
        }
        (self.words, self.wordInfos) = words.build()
    }
}

/// An immutable array in manually managed memory, for tables read on the hot path: reading
/// it costs no reference counting. The memory is never freed, so use it only for tables that
/// live as long as the process (the global tables).
struct FrozenBuffer<Element>: @unchecked Sendable {
    let elements: UnsafeBufferPointer<Element>

    init(_ array: [Element]) {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        elements = UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

    @inline(__always)
    subscript(index: Int) -> Element { elements[index] }
}
