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

    /// All entries, in file order.
    let entries: [Entry]

    /// The compiled-in supplement.
    static let shared = MarkerSupplement(tsv: String(decoding: PackageResources.marker_supplement_tsv, as: UTF8.self))

    /// Reads the tab-separated format described at the top of the data file. Lines that
    /// are blank or start with `#` are skipped; a malformed line or an unknown currency
    /// code stops the program, since the file ships with the library and tests cover it.
    init(tsv: String) {
        var entries: [Entry] = []
        for (number, line) in tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            precondition(fields.count == 4, "marker-supplement.tsv line \(number + 1): expected 4 tab-separated fields")
            guard let currency = CurrencyCatalog.shared.index(ofCode: fields[1].utf8) else {
                preconditionFailure("marker-supplement.tsv line \(number + 1): unknown currency \(fields[1])")
            }
            let regions = fields[2] == "*" ? [] : fields[2].split(separator: ",").map(String.init)
            entries.append(Entry(marker: String(fields[0]), currency: currency, regions: regions, reason: String(fields[3])))
        }
        self.entries = entries
    }
}
