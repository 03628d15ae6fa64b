/// Written currency forms that people use and ICU lacks (Docs/ParsingRules.md §4 and §7),
/// read from the data file `Resources/marker-supplement.tsv`, which is compiled into the
/// library. Every entry names its kind, scope, reason and evidence.
struct MarkerSupplement: Sendable {
    /// What an entry is.
    enum Kind: String, Sendable, CaseIterable {
        /// A currency marker (`руб.`, `Rs`).
        case symbol
        /// A currency marker that also multiplies the amount (`mdd`: millions of dollars).
        case scaledSymbol = "scaled-symbol"
        /// A unit word ICU's names lack (`bucks`, `quid`).
        case word
        /// A slang unit word that also multiplies the amount (`lucas`: thousands of pesos).
        case scaledWord = "scaled-word"
        /// A word joining a major amount to its minor part that ICU's list patterns lack
        /// (`con` in `8 euros con 40`).
        case joiner
        /// A case or possessive ending that a unit word or scale word takes in a language
        /// whose names ICU writes in one form only (`-ot` in Hungarian `5000 forintot`).
        case ending
        /// A word or sign for the currency's minor unit (`cents`, `p`, `gr`).
        case minor
        /// A number word (`lakh`, `k`, `Tsd.`).
        case multiplier
        /// A word between a multiplier and a unit word (`de` in `1,5 millones de euros`).
        case particle
        /// After an amount, picks its currency among a symbol's (`M.N.`: the Mexican peso).
        case qualifier
        /// In free text, a word labelling the price after it (`Preis`, `total`, `価格`): an
        /// amount without a marker right after it is money (Docs/Extraction.md).
        case priceWord = "price-word"
        /// In free text, a word marking the amount after it as an old or struck price (`was`,
        /// `statt`, `UVP`), which ranks after the current one (Docs/Extraction.md).
        case oldPriceWord = "old-price-word"
        /// In free text, a word joining the two ends of a range of amounts (`bis`).
        case rangeWord = "range-word"

        /// Whether the entry also multiplies the amount (its value is `10^N CODE`).
        var isScaled: Bool { self == .scaledSymbol || self == .scaledWord }

        /// Whether the entry denotes a currency (its value is an ISO code).
        var namesCurrency: Bool {
            switch self {
            case .symbol, .scaledSymbol, .word, .scaledWord, .minor, .qualifier: true
            case .multiplier, .particle, .joiner, .ending, .priceWord, .oldPriceWord, .rangeWord: false
            }
        }
    }

    /// Where an entry applies: everywhere, or in locales of some regions or languages.
    struct Scope: Sendable, Equatable {
        /// ISO 3166 region codes (`CH`).
        let regions: [String]
        /// Language codes (`ru`).
        let languages: [String]

        /// Everywhere.
        var isEverywhere: Bool { regions.isEmpty && languages.isEmpty }

        /// Whether the scope includes a locale with this region and language.
        func includes(region: String, language: String) -> Bool {
            isEverywhere || regions.contains(region) || languages.contains(language)
        }

        /// Reads `*` or a comma-separated list of upper-case regions and lower-case languages.
        init?(_ text: Substring) {
            if text == "*" {
                regions = []
                languages = []
                return
            }
            var regions: [String] = []
            var languages: [String] = []
            // ASCII letters only, so bytes: checking them as Characters cost this file's
            // reading, at the process's first parse, 3.8 M instructions (callgrind).
            for code in text.utf8.split(separator: UInt8(ascii: ",")) {
                guard (2...3).contains(code.count) else { return nil }
                if code.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 }) {
                    regions.append(String(Substring(code)))
                } else if code.allSatisfy({ $0 &- UInt8(ascii: "a") < 26 }) {
                    languages.append(String(Substring(code)))
                } else {
                    return nil
                }
            }
            guard !regions.isEmpty || !languages.isEmpty else { return nil }
            self.regions = regions
            self.languages = languages
        }
    }

    /// One supplement entry.
    struct Entry: Sendable, Equatable {
        /// The form as written (`руб.`, `Rs`, `lakh`).
        let form: String
        let kind: Kind
        /// The currency it denotes (kinds that name one).
        let currency: UInt16?
        /// The power of ten it multiplies by (multipliers and scaled symbols).
        let exponent: Int8?
        /// Where it applies.
        let scope: Scope
        /// Why the entry exists.
        let reason: String
        /// Where the usage is documented.
        let evidence: String

        /// Whether the entry applies in a locale with this region and language.
        func applies(inRegion region: String, language: String) -> Bool {
            scope.includes(region: region, language: language)
        }
    }

    /// All entries, in file order.
    let entries: [Entry]

    /// Entries of each kind, in file order (locale profiles ask for them by kind).
    private let entriesByKind: [Kind: [Entry]]

    /// Entries of one kind, in file order.
    func entries(_ kind: Kind) -> [Entry] { entriesByKind[kind] ?? [] }

    /// The compiled-in supplement.
    static let shared = MarkerSupplement(tsv: String(decoding: PackageResources.marker_supplement_tsv, as: UTF8.self))

    /// Reads the tab-separated format described at the top of the data file. Lines that are
    /// blank or start with `#` are skipped; a malformed line or an unknown currency code stops
    /// the program, since the file ships with the library and tests cover it.
    init(tsv: String) {
        var entries: [Entry] = []
        for (number, fields) in Self.records(tsv) {
            var location: String { "marker-supplement.tsv line \(number)" }
            precondition(fields.count == 6, "\(location): expected 6 tab-separated fields")
            guard let kind = Kind(rawValue: fields[1]) else { preconditionFailure("\(location): unknown kind \(fields[1])") }
            guard let scope = Scope(fields[3][...]) else { preconditionFailure("\(location): bad scope \(fields[3])") }
            precondition(!fields[0].isEmpty && !fields[4].isEmpty && !fields[5].isEmpty,
                         "\(location): form, reason and evidence are required")
            var currency: UInt16?
            var exponent: Int8?
            var value = fields[2][...]
            if kind == .multiplier || kind.isScaled {
                let parts = value.split(separator: " ")
                guard let power = parts.first, power.hasPrefix("10^"), let parsed = Int8(power.dropFirst(3)), parsed > 0,
                      parts.count == (kind.isScaled ? 2 : 1) else {
                    preconditionFailure("\(location): bad multiplier \(value)")
                }
                exponent = parsed
                value = parts.last!
            }
            if kind.namesCurrency {
                guard let index = CurrencyCatalog.shared.index(ofCode: value.utf8) else {
                    preconditionFailure("\(location): unknown currency \(value)")
                }
                currency = index
            } else if kind != .multiplier {
                precondition(value == "-", "\(location): a \(kind.rawValue) has the value -")
            }
            entries.append(Entry(form: fields[0], kind: kind, currency: currency, exponent: exponent, scope: scope,
                                 reason: fields[4], evidence: fields[5]))
        }
        self.entries = entries
        self.entriesByKind = Dictionary(grouping: entries, by: \.kind)
    }

    /// The lines of the file that hold an entry (not blank, not starting with `#`): each
    /// line's number and its tab-separated fields. One byte loop (tab and newline are ASCII):
    /// splitting the text's UTF-8 view cost 14 M instructions at the process's first parse,
    /// and splitting it by Characters runs grapheme breaking over the whole file; a loop per
    /// line and one per field, with each line's field list grown one by one, cost 4.3 M.
    private static func records(_ tsv: String) -> [(number: Int, fields: [String])] {
        var text = tsv
        return text.withUTF8 { bytes in
            var records: [(number: Int, fields: [String])] = []
            var fields: [String] = []
            fields.reserveCapacity(6)
            var number = 1
            var lineStart = 0
            var fieldStart = 0
            // One past the end reads as a final newline, so a last line without one counts.
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
                // A blank line (its first byte is its newline) or a comment holds no entry.
                let first = lineStart < bytes.count ? bytes[lineStart] : UInt8(ascii: "\n")
                let holdsEntry = first != UInt8(ascii: "\n") && first != UInt8(ascii: "#")
                if holdsEntry {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]), as: UTF8.self))
                }
                fieldStart = index + 1
                guard byte == UInt8(ascii: "\n") else { continue }
                if holdsEntry {
                    records.append((number, fields))
                    fields.removeAll(keepingCapacity: true)
                }
                number += 1
                lineStart = index + 1
            }
            return records
        }
    }
}
