/// Currencies by key of a global marker table, as (key, currency) pairs sorted by key and
/// binary-searched (cheaper than hashing on the hot path). Most keys name one currency, so a
/// pair (6 bytes) replaced a bitmap set per key (52 bytes with its key): 11 MiB over every
/// locale's marker tables.
struct CurrenciesByKey: Sendable, Equatable {
    private let keys: [Int32]
    private let currencies: [UInt16]

    init(_ pairs: [(key: Int32, currency: UInt16)]) {
        let sorted = pairs.sorted { $0.key != $1.key ? $0.key < $1.key : $0.currency < $1.currency }
        keys = sorted.map(\.key)
        currencies = sorted.map(\.currency)
    }

    /// The currencies paired with `key` (empty when none).
    @inline(__always)
    func currencies(forKey key: Int32) -> CurrencySet {
        var set = CurrencySet()
        guard var index = keys.sortedIndex(of: key) else { return set }
        repeat {
            set.insert(currencies[index])
            index += 1
        } while index < keys.count && keys[index] == key
        return set
    }
}
