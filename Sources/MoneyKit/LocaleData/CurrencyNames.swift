/// Every currency's display strings in a currency-data bundle, with inheritance: what
/// ICU's `ucurr_getName` and `ucurr_getPluralName` answer for a locale that opens to the
/// bundle, read in bulk.
///
/// ICU looks each name up along the bundle's parent chain (`de_CH` -> `de` -> `root`),
/// opening bundles per call: thousands of lookups per locale. Here each bundle's own
/// entries are read once and kept, in one block of UTF-8, only where they change what its
/// parent answers; a lookup walks the chain to the nearest bundle with an entry (a few
/// bundles: `en_SB` -> `en_001` -> `en` -> `root`). A bundle costs its own entries, not a copy of every
/// currency's strings: regional bundles override a few symbols, and 500 bundles each
/// holding arrays of every currency's strings took 11 MiB.
/// The test suite compares the result with `ucurr_getName` and `ucurr_getPluralName`.
final class CurrencyNames: Sendable {
    /// The bundle's own entries, looked up before the parent's.
    let own: OwnEntries
    /// The bundle this bundle inherits from (nil for root).
    let parent: CurrencyNames?
    /// The bundle whose long and plural names these are: the parent's for a bundle that
    /// inherits them unchanged, so that locales sharing them share what is built from them,
    /// in this process and in the table cache on disk (a bundle's name identifies its data
    /// within one ICU version).
    let nameSource: String

    /// The plural categories of CLDR's plural rules (the keywords ICU's currency plural
    /// names are filed under): a fixed list of the specification, not locale data.
    static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    /// Which display string an entry holds; a plural name's field is ``pluralBase`` plus its
    /// keyword's position in ``pluralCategories``.
    fileprivate enum Field {
        static let symbol: UInt32 = 0
        static let longName: UInt32 = 1
        static let narrowSymbol: UInt32 = 2
        static let pluralBase: UInt32 = 3
        static let other = pluralBase + UInt32(CurrencyNames.pluralCategories.firstIndex(of: "other")!)
    }

    /// An entry's key: the field above the currency's index.
    fileprivate static func key(_ field: UInt32, _ currency: Int) -> UInt32 { field << 16 | UInt32(currency) }

    /// A bundle's own entries that change what its parent answers.
    struct OwnEntries: Sendable {
        /// Keys ascending (``CurrencyNames/key(_:_:)``).
        private(set) var keys: [UInt32] = []
        /// For each key, where its text ends in ``utf8`` (it starts where the previous one ends).
        private(set) var ends: [UInt32] = []
        private(set) var utf8: [UInt8] = []
        /// Keys ascending whose answer here is none, hiding the parent's: a `Currencies`
        /// entry (symbol and long name) without a long name.
        private(set) var cleared: [UInt32] = []

        func bytes(at index: Int) -> ArraySlice<UInt8> {
            utf8[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]
        }

        func text(at index: Int) -> String {
            bytes(at: index).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }

        /// Whether an entry (or a cleared key) holds a field other than the symbols.
        var hasNames: Bool {
            !cleared.isEmpty || keys.contains { $0 >> 16 != Field.symbol && $0 >> 16 != Field.narrowSymbol }
        }

        var hasSymbols: Bool { keys.contains { $0 >> 16 == Field.symbol || $0 >> 16 == Field.narrowSymbol } }

        /// ``CurrencyNames/letterlessNameCharacters()`` of these entries alone (unsorted, each once).
        func letterlessNameCharacters() -> [UInt32] {
            var found: [UInt32] = []
            for (index, key) in keys.enumerated() where key >> 16 != Field.symbol && key >> 16 != Field.narrowSymbol {
                let text = bytes(at: index)
                // Most names are letters and spaces: no piece to look at.
                guard text.contains(where: { $0 >= 0x80 || !Characters.isASCIILetter($0) && $0 != 0x20 }) else { continue }
                text.withUnsafeBufferPointer { MarkerKey.letterlessPieceCharacters(in: $0, into: &found) }
            }
            return found
        }
    }

    /// The nearest bundle of the chain with an entry for `key`, and the entry's position;
    /// nil when no bundle has one or the nearest one clears it.
    fileprivate func locate(_ key: UInt32) -> (names: CurrencyNames, index: Int)? {
        var names = self
        while true {
            if let index = names.own.keys.sortedIndex(of: key) { return (names, index) }
            if names.own.cleared.sortedContains(key) { return nil }
            guard let parent = names.parent else { return nil }
            names = parent
        }
    }

    private func answer(_ field: UInt32, _ currency: Int) -> String? {
        locate(CurrencyNames.key(field, currency)).map { $0.names.own.text(at: $0.index) }
    }

    /// ICU's rule that an answer equal to the ISO code (or empty) means none.
    private static func known(_ text: String?, _ currency: Int) -> String? {
        text.flatMap { $0.isEmpty || $0 == CurrencyCatalog.shared.entries[currency].code ? nil : $0 }
    }

    // MARK: What ICU answers

    /// The symbol ICU answers: the chain's symbol, else the ISO code.
    func symbol(_ currency: Int) -> String {
        answer(Field.symbol, currency) ?? CurrencyCatalog.shared.entries[currency].code
    }

    /// The narrow symbol ICU answers: the chain's narrow symbol, else the symbol.
    func narrowSymbol(_ currency: Int) -> String { answer(Field.narrowSymbol, currency) ?? symbol(currency) }

    /// The chain's long name (nil when there is none: ICU then answers the ISO code).
    func longName(_ currency: Int) -> String? { answer(Field.longName, currency) }

    /// The plural name ICU answers for a keyword: the chain's name for the keyword, else for
    /// `other`, else the long name (nil when there is none: ICU then answers the ISO code).
    func pluralName(_ currency: Int, keyword: String) -> String? {
        let position = CurrencyNames.pluralCategories.firstIndex(of: keyword)
        return position.flatMap { answer(Field.pluralBase + UInt32($0), currency) }
            ?? answer(Field.other, currency) ?? longName(currency)
    }

    // MARK: What a locale writes

    /// The symbol a locale writes (the code when there is none).
    func displaySymbol(_ currency: Int) -> String {
        CurrencyNames.known(answer(Field.symbol, currency), currency) ?? CurrencyCatalog.shared.entries[currency].code
    }

    /// The narrow symbol a locale writes: without a narrow symbol ICU answers (and formats)
    /// the symbol; a narrow entry or symbol equal to the code counts as none, and the code
    /// is written.
    func displayNarrowSymbol(_ currency: Int) -> String {
        CurrencyNames.known(answer(Field.narrowSymbol, currency) ?? answer(Field.symbol, currency), currency)
            ?? CurrencyCatalog.shared.entries[currency].code
    }

    /// The long name a locale writes, nil when there is none.
    func displayName(_ currency: Int) -> String? { CurrencyNames.known(longName(currency), currency) }

    /// The plural name a locale writes for a keyword: ICU's answer unless it is the code.
    func displayPluralName(_ currency: Int, keyword: String) -> String? {
        CurrencyNames.known(pluralName(currency, keyword: keyword), currency)
    }

    /// Every currency's displayed symbols as strings, for a formatter's hot path (a chain
    /// walk per amount would cost it a tenth of its time): built for the first formatter in a
    /// locale of the bundle (``displayedSymbols()``), shared with the parent when the bundle
    /// has no symbols of its own. Parsing never builds it.
    final class DisplayedSymbols: Sendable {
        /// ``CurrencyNames/displaySymbol(_:)`` of every currency.
        let symbols: [String]
        /// ``CurrencyNames/displayNarrowSymbol(_:)`` of every currency.
        let narrowSymbols: [String]

        fileprivate init(_ names: CurrencyNames) {
            let indices = CurrencyCatalog.shared.entries.indices
            symbols = indices.map(names.displaySymbol)
            narrowSymbols = indices.map(names.displayNarrowSymbol)
        }
    }

    /// The bundle's ``DisplayedSymbols``, built on first call.
    func displayedSymbols() -> DisplayedSymbols {
        if !own.hasSymbols, let parent { return parent.displayedSymbols() }
        return displayed.value { DisplayedSymbols(self) }
    }

    private let displayed = Locked<DisplayedSymbols?>(nil)

    /// The currencies whose symbol or narrow symbol this bundle gives itself: the only ones
    /// whose displayed symbols may differ from the parent's.
    var currenciesWithOwnSymbols: [Int] {
        var currencies: [Int] = []
        for key in own.keys where key >> 16 == Field.symbol || key >> 16 == Field.narrowSymbol {
            let currency = Int(key & 0xFFFF)
            if currencies.last != currency, !currencies.contains(currency) { currencies.append(currency) }
        }
        return currencies
    }

    /// The characters of the letterless pieces of the long and plural names of this bundle
    /// and its parents (``MarkerKey/letterlessPieceCharacters(in:)``), ascending: `&`, `(`,
    /// `–`, and in a few languages a whole name (`£`). A key without a letter of a name table
    /// derived from these names holds one of them, unless it begins with a digit
    /// (LazyTablesTests).
    func letterlessNameCharacters() -> [UInt32] {
        var all = Set<UInt32>()
        var bundle: CurrencyNames? = self
        while let names = bundle {
            all.formUnion(names.ownLetterlessNameCharacters.value { names.own.letterlessNameCharacters() })
            bundle = names.parent
        }
        return all.sorted()
    }

    /// ``letterlessNameCharacters()`` of this bundle's own entries, once per bundle.
    private let ownLetterlessNameCharacters = Locked<[UInt32]?>(nil)

    /// Currency-spacing facts of these texts (computed by ``FormattingConventions`` once
    /// per bundle: they depend only on the currency texts).
    let spacingEdges = Locked<[FormattingConventions.SpacingEdges]?>(nil)

    // MARK: Building

    /// A bundle's names over its parent's.
    private init(bundle: String, own: OwnEntries, parent: CurrencyNames?) {
        self.own = own
        self.parent = parent
        nameSource = own.hasNames || parent == nil ? bundle : parent!.nameSource
    }

    private static let cache = DerivedCache<String, CurrencyNames>()

    /// The names of the bundle a locale opens to.
    static func forLocale(_ locale: String) -> CurrencyNames {
        forBundle(ICU.currencyDataBundle(ofLocale: locale))
    }

    /// The names of a bundle, built (with its ancestors') on first use: its own entries are
    /// read from ICU, or from the table cache on disk (``DerivedTableCache``), where they
    /// stand without the parent's. The parent is always ICU's (one bundle opened), so that
    /// the chain is ICU's whatever a file holds.
    static func forBundle(_ bundle: String) -> CurrencyNames {
        cache.value(for: bundle) {
            let parent = parent(of: bundle, ICU.currencyBundleParent(bundle))
            let own = DerivedTableCache.value(for: bundle) { OwnEntries(readingBundle: bundle, over: parent) }
            return CurrencyNames(bundle: bundle, own: own, parent: parent)
        }
    }

    /// A bundle's parent by ICU's rules: explicit, root, or the name without its last subtag.
    private static func parent(of bundle: String, _ inheritance: ICU.BundleParent) -> CurrencyNames? {
        switch inheritance {
        case .root: return bundle == "root" ? nil : forBundle("root")
        case .named(let name): return name == bundle ? nil : forBundle(name)
        case .truncation:
            if bundle == "root" { return nil }
            guard let cut = bundle.lastIndex(of: "_") else { return forBundle("root") }
            return forBundle(String(bundle[..<cut]))
        }
    }
}

extension CurrencyNames.OwnEntries: StoredTable {
    static var storedKind: String { "currency-names" }

    /// One display string read from ICU, its text in a scratch buffer.
    private struct Record {
        let key: UInt32
        let text: Range<Int>
    }

    /// Reads a bundle's own names from ICU and keeps those that change what `parent`
    /// answers (in ICU's order; for a repeated key the last counts).
    init(readingBundle bundle: String, over parent: CurrencyNames?) {
        let catalog = CurrencyCatalog.shared
        let categories = CurrencyNames.pluralCategories.map { Array($0.utf8) }
        var last: [UInt32: Range<Int>] = [:]
        var scratch: [UInt8] = []
        _ = ICU.currencyDisplayNames(definedInBundle: bundle) { name in
            guard let currency = catalog.index(ofCode: name.code) else { return }
            let field: UInt32
            switch name.kind {
            case .symbol: field = CurrencyNames.Field.symbol
            case .longName: field = CurrencyNames.Field.longName
            case .narrowSymbol: field = CurrencyNames.Field.narrowSymbol
            case .pluralName:
                // A keyword outside CLDR's categories could never be asked for.
                guard let position = categories.firstIndex(where: { $0.elementsEqual(name.keyword) }) else { return }
                field = CurrencyNames.Field.pluralBase + UInt32(position)
            }
            let start = scratch.count
            scratch.append(contentsOf: name.text)
            last[CurrencyNames.key(field, Int(currency))] = start..<scratch.count
        }
        typealias Field = CurrencyNames.Field
        // Symbol and long name come from the same `Currencies` entry: a bundle's entry
        // replaces both, and a long name without a symbol is not an entry.
        for key in last.keys where key >> 16 == Field.longName && last[Field.symbol << 16 | key & 0xFFFF] == nil {
            last[key] = nil
        }
        for key in last.keys where key >> 16 == Field.symbol {
            let nameKey = Field.longName << 16 | key & 0xFFFF
            if last[nameKey] == nil, parent?.locate(nameKey) != nil { cleared.append(nameKey) }
        }
        cleared.sort()
        // The entries that change the parent's answer, then stored at their exact size (a
        // bundle's block lives as long as the process).
        let kept = last.keys.sorted().filter { key in
            guard let inherited = parent?.locate(key) else { return true }
            return !inherited.names.own.bytes(at: inherited.index).elementsEqual(scratch[last[key]!])
        }
        keys.reserveCapacity(kept.count)
        keys.append(contentsOf: kept)
        ends.reserveCapacity(kept.count)
        utf8.reserveCapacity(kept.reduce(0) { $0 + last[$1]!.count })
        for key in kept {
            utf8.append(contentsOf: scratch[last[key]!])
            ends.append(UInt32(utf8.count))
        }
    }

    func encode(to writer: inout TableWriter) {
        writer.write(keys)
        writer.write(ends)
        writer.write(utf8)
        writer.write(cleared)
    }

    /// Reads entries ``encode(to:)`` wrote: keys ascending, each naming a field and one of
    /// ICU's currencies, and text ends ascending within the text.
    init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        keys = try reader.readArray()
        ends = try reader.readArray()
        utf8 = try reader.readArray()
        cleared = try reader.readArray()
        let currencies = UInt32(CurrencyCatalog.shared.entries.count)
        let fields = CurrencyNames.Field.pluralBase + UInt32(CurrencyNames.pluralCategories.count)
        func valid(_ sorted: [UInt32]) -> Bool {
            sorted.indices.allSatisfy { ($0 == 0 || sorted[$0 - 1] < sorted[$0]) && sorted[$0] >> 16 < fields && sorted[$0] & 0xFFFF < currencies }
        }
        guard valid(keys), valid(cleared), ends.count == keys.count,
              ends.indices.allSatisfy({ ($0 == 0 || ends[$0 - 1] <= ends[$0]) && Int(ends[$0]) <= utf8.count })
        else { throw TableReader.Invalid() }
    }
}
