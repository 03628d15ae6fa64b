import Foundation

/// Every currency ICU knows (ISO 4217, current and historic), with the facts MoneyKit
/// needs about each, read from ICU once on first use.
///
/// ``Currency`` values are indexes into this table, which is why they are small, hash
/// fast and cost nothing to pass around.
final class CurrencyCatalog: Sendable {
    /// One currency's facts, all from ICU.
    struct Entry: Sendable {
        /// The ISO 4217 code, upper case.
        let code: String
        /// The code's three ASCII letters packed into an integer (see ``CurrencyCatalog/pack(_:)``).
        let packedCode: UInt32
        /// Default fraction digits (as `ucurr_getDefaultFractionDigits` gives them).
        let minorUnits: Int
        /// Fraction digits for cash (`UCURR_USAGE_CASH`).
        let cashMinorUnits: Int
        /// Standard rounding increment in minor units (0 = none).
        let roundingIncrementUnits: Int
        /// Cash rounding increment in minor units (0 = none): 5 for CHF, whose coins go to 0.05.
        let cashRoundingIncrementUnits: Int
        /// The regions where it is legal tender today, by ICU's currency map (`USD`: US,
        /// EC, SV, PR...); empty for a currency no longer current.
        let regions: [String]

        /// Legal tender today in some region.
        var isCurrent: Bool { !regions.isEmpty }
    }

    /// The shared catalog, built on first use.
    static let shared = CurrencyCatalog()

    /// All entries, sorted by code.
    let entries: [Entry]
    /// The currencies that are legal tender today somewhere.
    let currentSet: CurrencySet
    private let indexByPackedCode: [UInt32: UInt16]
    /// Region code (`CH`, its two letters packed) -> the currencies legal tender there today.
    private let currenciesByRegion: [UInt16: CurrencySet]

    private init() {
        let codes = (try? ICU.currencyCodes()) ?? []
        var regionsByCode: [String: [String]] = [:]
        for record in ICU.currentCurrencyRegions(atMilliseconds: Date().timeIntervalSince1970 * 1000) {
            if regionsByCode[record.code]?.contains(record.region) != true {
                regionsByCode[record.code, default: []].append(record.region)
            }
        }
        let sortedCodes = Set(codes.map { $0.uppercased() }).sorted().filter { CurrencyCatalog.pack($0.utf8) != nil }
        var entries: [Entry] = []
        entries.reserveCapacity(sortedCodes.count)
        for (code, meta) in zip(sortedCodes, ICU.currencyMeta(ofCodes: sortedCodes)) {
            entries.append(Entry(
                code: code,
                packedCode: CurrencyCatalog.pack(code.utf8)!,
                minorUnits: meta.fractionDigits,
                cashMinorUnits: meta.cashFractionDigits,
                roundingIncrementUnits: meta.roundingIncrement,
                cashRoundingIncrementUnits: meta.cashRoundingIncrement,
                regions: (regionsByCode[code] ?? []).sorted()
            ))
        }
        precondition(entries.count <= CurrencySet.capacity,
                     "ICU lists \(entries.count) currencies; CurrencySet holds \(CurrencySet.capacity)")
        self.entries = entries
        self.currentSet = CurrencySet(entries.indices.filter { entries[$0].isCurrent }.map { UInt16($0) })
        var index: [UInt32: UInt16] = [:]
        for (position, entry) in entries.enumerated() {
            index[entry.packedCode] = UInt16(position)
        }
        self.indexByPackedCode = index
        var byRegion: [UInt16: CurrencySet] = [:]
        for (position, entry) in entries.enumerated() {
            for region in entry.regions {
                if let packed = CurrencyCatalog.pack(region: region) { byRegion[packed, default: CurrencySet()].insert(UInt16(position)) }
            }
        }
        self.currenciesByRegion = byRegion
    }

    /// The currencies legal tender today in a region (its two letters packed, see
    /// ``pack(region:)``), empty for an unknown region.
    func currencies(inRegion packed: UInt16) -> CurrencySet {
        currenciesByRegion[packed] ?? CurrencySet()
    }

    /// A two-letter region code packed into an integer (`US` -> 0x5553); nil otherwise.
    static func pack(region: String) -> UInt16? {
        let bytes = Array(region.utf8)
        guard bytes.count == 2 else { return nil }
        return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    }

    /// Currencies, most likely first when a marker could be any of them (Docs/ParsingRules.md
    /// §4 rule 6): the reference currencies (USD, GBP, KRW), then by how many regions use the
    /// currency today, then by code.
    func mostLikelyFirst(_ set: CurrencySet) -> [Currency] {
        let reference = CurrencyCatalog.referenceCurrencies
        return set.members.sorted { a, b in
            let aReference = reference.contains(a), bReference = reference.contains(b)
            if aReference != bReference { return aReference }
            let aRegions = entries[Int(a)].regions.count, bRegions = entries[Int(b)].regions.count
            if aRegions != bRegions { return aRegions > bRegions }
            return a < b
        }.map { Currency(index: $0) }
    }

    /// The reference currencies of unit words shared by several currencies (§7): dollar words
    /// denote USD, pound words GBP, won KRW, where none of the currencies is the region's.
    /// A policy of this library, not a locale fact.
    static let referenceCurrencies = CurrencySet(["USD", "GBP", "KRW"].compactMap { shared.index(ofCode: $0.utf8) })

    /// The index of a code, matched case-insensitively, or nil when ICU does not know it.
    func index<Bytes: Collection<UInt8>>(ofCode code: Bytes) -> UInt16? {
        guard let packed = CurrencyCatalog.pack(code) else { return nil }
        return indexByPackedCode[packed]
    }

    /// Packs three ASCII letters (either case) into an integer, upper-cased; nil otherwise.
    static func pack<Bytes: Collection<UInt8>>(_ code: Bytes) -> UInt32? {
        guard code.count == 3 else { return nil }
        var packed: UInt32 = 0
        for byte in code {
            let upper = byte & 0xDF
            guard upper >= UInt8(ascii: "A"), upper <= UInt8(ascii: "Z") else { return nil }
            packed = packed << 8 | UInt32(upper)
        }
        return packed
    }
}
