/// Every currency's display strings in a currency-data bundle, with inheritance: what
/// ICU's `ucurr_getName` and `ucurr_getPluralName` answer for a locale that opens to the
/// bundle, read in bulk.
///
/// ICU looks each name up along the bundle's parent chain (`de_CH` -> `de` -> `root`),
/// opening bundles per call: thousands of lookups per locale. Here each bundle's own
/// tables are read once, and a bundle's merged view is its parent's with its own entries
/// on top, cached per bundle, so a locale costs one read of its own bundle at most.
/// The test suite compares the result with `ucurr_getName` and `ucurr_getPluralName`.
final class CurrencyNames: Sendable {
    /// Display strings indexed like ``CurrencyCatalog/entries``; nil where the chain has no
    /// entry (ICU then answers with the ISO code).
    let symbols: [String?]
    let longNames: [String?]
    let narrowSymbols: [String?]
    /// Plural keyword -> names indexed like ``CurrencyCatalog/entries``.
    let pluralNames: [String: [String?]]
    /// What a locale writes, by ICU's rule that an answer equal to the ISO code (or empty)
    /// means none: the symbol and narrow symbol (the code when none), the long name.
    let displaySymbols: [String]
    let displayNarrowSymbols: [String]
    let displayNames: [String?]
    /// The bundle whose long and plural names these are: the parent's for a bundle that
    /// inherits them unchanged, so that locales sharing them share what is built from them,
    /// in this process and in the table cache on disk (a bundle's name identifies its data
    /// within one ICU version).
    let nameSource: String

    private init(bundle: String, symbols: [String?], longNames: [String?], narrowSymbols: [String?],
                 pluralNames: [String: [String?]], parent: CurrencyNames?) {
        self.symbols = symbols
        self.longNames = longNames
        self.narrowSymbols = narrowSymbols
        self.pluralNames = pluralNames
        let sameSymbols = parent?.symbols == symbols
        let sameNames = parent?.longNames == longNames
        nameSource = sameNames && parent?.pluralNames == pluralNames ? parent!.nameSource : bundle
        let entries = CurrencyCatalog.shared.entries
        func known(_ text: String?, _ currency: Int) -> String? {
            text.flatMap { $0.isEmpty || $0 == entries[currency].code ? nil : $0 }
        }
        // A display array equal to the parent's sources is the parent's, shared: most regional
        // bundles override a few symbols and no names, and 504 bundles each holding three
        // arrays of every currency's strings cost megabytes.
        displaySymbols = sameSymbols ? parent!.displaySymbols : entries.indices.map { known(symbols[$0], $0) ?? entries[$0].code }
        // Without a narrow symbol ICU answers (and formats) the symbol; a narrow entry or
        // symbol equal to the code counts as none, and the code is written.
        displayNarrowSymbols = sameSymbols && parent!.narrowSymbols == narrowSymbols ? parent!.displayNarrowSymbols
            : entries.indices.map { known(narrowSymbols[$0] ?? symbols[$0], $0) ?? entries[$0].code }
        displayNames = sameNames ? parent!.displayNames
            : entries.indices.map { known(longNames[$0], $0) }
    }

    /// The plural name a locale writes for a keyword: ICU's answer unless it is the code.
    func displayPluralName(_ currency: Int, keyword: String) -> String? {
        pluralName(currency, keyword: keyword).flatMap {
            $0.isEmpty || $0 == CurrencyCatalog.shared.entries[currency].code ? nil : $0
        }
    }

    /// The symbol ICU answers: the chain's symbol, else the ISO code.
    func symbol(_ currency: Int) -> String { symbols[currency] ?? CurrencyCatalog.shared.entries[currency].code }

    /// The narrow symbol ICU answers: the chain's narrow symbol, else the symbol.
    func narrowSymbol(_ currency: Int) -> String { narrowSymbols[currency] ?? symbol(currency) }

    /// The plural name ICU answers for a keyword: the chain's name for the keyword, else for
    /// `other`, else the long name (nil when there is none: ICU then answers the ISO code).
    func pluralName(_ currency: Int, keyword: String) -> String? {
        pluralNames[keyword]?[currency] ?? pluralNames["other"]?[currency] ?? longNames[currency]
    }

    // MARK: Cache

    private static let cache = DerivedCache<String, CurrencyNames>()

    /// Currency-spacing facts of these texts (computed by ``FormattingConventions`` once
    /// per bundle: they depend only on the currency texts).
    let spacingEdges = Locked<[FormattingConventions.SpacingEdges]?>(nil)

    /// The merged names of the bundle a locale opens to.
    static func forLocale(_ locale: String) -> CurrencyNames {
        forBundle(ICU.currencyDataBundle(ofLocale: locale))
    }

    /// The merged names of a bundle, built (with its ancestors') on first use.
    static func forBundle(_ bundle: String) -> CurrencyNames {
        cache.value(for: bundle) { build(bundle) }
    }

    /// Reads a bundle's own names from ICU and merges them over its parent's.
    private static func build(_ bundle: String) -> CurrencyNames {
        let own = ICU.currencyDisplayNames(definedInBundle: bundle)
        let parent: CurrencyNames?
        switch own.parent {
        case .root: parent = bundle == "root" ? nil : forBundle("root")
        case .named(let name): parent = name == bundle ? nil : forBundle(name)
        case .truncation:
            if bundle == "root" {
                parent = nil
            } else if let cut = bundle.lastIndex(of: "_") {
                parent = forBundle(String(bundle[..<cut]))
            } else {
                parent = forBundle("root")
            }
        }
        return CurrencyNames(bundle: bundle, merging: own, over: parent)
    }

    private convenience init(bundle: String, merging own: ICU.BundleDisplayNames, over parent: CurrencyNames?) {
        let catalog = CurrencyCatalog.shared
        let count = catalog.entries.count
        var symbols = parent?.symbols ?? Array(repeating: nil, count: count)
        var longNames = parent?.longNames ?? Array(repeating: nil, count: count)
        var narrowSymbols = parent?.narrowSymbols ?? Array(repeating: nil, count: count)
        var pluralNames = parent?.pluralNames ?? [:]
        func index(_ code: String) -> Int? { catalog.index(ofCode: code.utf8).map(Int.init) }
        // An entry is written only where it differs from the inherited one: an array no entry
        // changes stays the parent's, shared (regional bundles repeat many of their parent's
        // entries; every copy holds a string for every currency).
        func set(_ value: String?, at currency: Int, in array: inout [String?]) {
            if array[currency] != value { array[currency] = value }
        }
        // Symbol and long name come from the same entry: a bundle's entry replaces both.
        for (code, symbol) in own.symbols {
            guard let currency = index(code) else { continue }
            set(symbol, at: currency, in: &symbols)
            set(own.longNames[code], at: currency, in: &longNames)
        }
        for (code, narrow) in own.narrowSymbols {
            if let currency = index(code) { set(narrow, at: currency, in: &narrowSymbols) }
        }
        for (code, forms) in own.pluralNames {
            guard let currency = index(code) else { continue }
            for (keyword, name) in forms where pluralNames[keyword]?[currency] != name {
                pluralNames[keyword, default: Array(repeating: nil, count: count)][currency] = name
            }
        }
        self.init(bundle: bundle, symbols: symbols, longNames: longNames, narrowSymbols: narrowSymbols,
                  pluralNames: pluralNames, parent: parent)
    }
}
