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
        /// Default fraction digits (`ucurr_getDefaultFractionDigits`).
        let minorUnits: Int
        /// Fraction digits for cash (`UCURR_USAGE_CASH`).
        let cashMinorUnits: Int
        /// Standard rounding increment in minor units (0 = none).
        let roundingIncrementUnits: Int
        /// Cash rounding increment in minor units (0 = none): 5 for CHF, whose coins go to 0.05.
        let cashRoundingIncrementUnits: Int
        /// Legal tender today in some region, by ICU's currency map.
        let isCurrent: Bool
    }

    /// The shared catalog, built on first use.
    static let shared = CurrencyCatalog()

    /// All entries, sorted by code.
    let entries: [Entry]
    /// The currencies that are legal tender today somewhere.
    let currentSet: CurrencySet
    private let indexByPackedCode: [UInt32: UInt16]

    private init() {
        let codes = (try? ICU.currencyCodes()) ?? []
        let current = ICU.currentCurrencyCodes(atMilliseconds: Date().timeIntervalSince1970 * 1000)
        var entries: [Entry] = []
        entries.reserveCapacity(codes.count)
        for code in Set(codes.map { $0.uppercased() }).sorted() {
            guard let packed = CurrencyCatalog.pack(code.utf8) else { continue }
            entries.append(Entry(
                code: code,
                packedCode: packed,
                minorUnits: ICU.fractionDigits(ofCurrency: code, cash: false),
                cashMinorUnits: ICU.fractionDigits(ofCurrency: code, cash: true),
                roundingIncrementUnits: ICU.roundingIncrement(ofCurrency: code, cash: false),
                cashRoundingIncrementUnits: ICU.roundingIncrement(ofCurrency: code, cash: true),
                isCurrent: current.contains(code)
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
    }

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
