/// Written currency forms that people use and ICU lacks (SPEC section 5), read from the
/// data file `Resources/marker-supplement.tsv`, which is compiled into the library.
struct MarkerSupplement: Sendable {
    /// One supplement entry.
    struct Entry: Sendable, Equatable {
        /// The marker as written (`руб.`, `Rs`).
        let marker: String
        /// The currency it denotes.
        let currency: UInt16
        /// Regions (ISO 3166) where it denotes that currency; empty means everywhere.
        let regions: [String]
        /// Why the entry exists.
        let reason: String

        /// Whether the entry applies in a region (global entries apply everywhere).
        func applies(inRegion region: String) -> Bool {
            regions.isEmpty || regions.contains(region)
        }
    }

    /// A multiplier word (SPEC 7): `lakh` is 10^5.
    struct Multiplier: Sendable, Equatable {
        let marker: String
        /// The power of ten.
        let exponent: Int
        let reason: String
    }

    /// All currency entries, in file order.
    let entries: [Entry]
    /// Multiplier words, in file order.
    let multipliers: [Multiplier]

    /// The compiled-in supplement.
    static let shared = MarkerSupplement(tsv: String(decoding: PackageResources.marker_supplement_tsv, as: UTF8.self))

    /// Reads the tab-separated format described at the top of the data file (the second field
    /// is an ISO code, or `10^N` for a multiplier word). Lines that
    /// are blank or start with `#` are skipped; a malformed line or an unknown currency
    /// code stops the program, since the file ships with the library and tests cover it.
    init(tsv: String) {
        var entries: [Entry] = []
        var multipliers: [Multiplier] = []
        for (number, line) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            precondition(fields.count == 4, "marker-supplement.tsv line \(number + 1): expected 4 tab-separated fields")
            if fields[1].hasPrefix("10^") {
                guard let exponent = Int(fields[1].dropFirst(3)), exponent > 0 else {
                    preconditionFailure("marker-supplement.tsv line \(number + 1): bad multiplier \(fields[1])")
                }
                multipliers.append(Multiplier(marker: String(fields[0]), exponent: exponent, reason: String(fields[3])))
                continue
            }
            guard let currency = CurrencyCatalog.shared.index(ofCode: fields[1].utf8) else {
                preconditionFailure("marker-supplement.tsv line \(number + 1): unknown currency \(fields[1])")
            }
            let regions = fields[2] == "*" ? [] : fields[2].split(separator: ",").map(String.init)
            entries.append(Entry(marker: String(fields[0]), currency: currency, regions: regions, reason: String(fields[3])))
        }
        self.entries = entries
        self.multipliers = multipliers
    }
}
