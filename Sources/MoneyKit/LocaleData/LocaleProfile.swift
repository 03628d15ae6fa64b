import Synchronization

/// Everything MoneyKit knows about one locale, read from ICU once, then immutable and
/// shared: number symbols and grouping, digits, currency patterns, every currency's
/// symbols and names in the locale, and the marker tables built from them.
///
/// Profiles are cached per locale identifier for the life of the process; the parse hot
/// path only reads them and never calls ICU.
final class LocaleProfile: Sendable {
    /// The ICU locale identifier the data was read for (`de_CH`, `zh_Hant_TW`).
    let identifier: String
    /// The region subtag (`CH`), empty when the locale has none.
    let region: String
    /// The region's default currency (SPEC 5: used when the text has no marker and no hint).
    let defaultCurrency: Currency?
    /// Separators, signs, grouping sizes, digits and patterns.
    let numbers: NumberConventions
    /// Currency symbols and names in this locale, and the marker tables built from them.
    let currencies: CurrencyConventions

    /// Reads a locale's data from ICU. Expensive (a few milliseconds): use ``profile(for:)``.
    init(identifier requested: String) {
        let identifier = ICU.canonicalLocale(requested)
        self.identifier = identifier
        self.region = ICU.region(ofLocale: identifier)
        self.defaultCurrency = ICU.defaultCurrency(ofLocale: identifier).flatMap { Currency(code: $0) }
        self.numbers = NumberConventions(locale: identifier)
        self.currencies = CurrencyConventions(locale: identifier, region: region)
    }

    private static let cache = Mutex<[String: LocaleProfile]>([:])

    /// The cached profile for a locale identifier, read from ICU on first use. The profile
    /// is built outside the lock, so a cold locale never blocks parsing in warm ones.
    static func profile(for identifier: String) -> LocaleProfile {
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        let built = LocaleProfile(identifier: identifier)
        return cache.withLock { profiles in
            if let raced = profiles[identifier] { return raced }
            profiles[identifier] = built
            return built
        }
    }

    /// How many profiles are cached.
    static var cachedCount: Int { cache.withLock { $0.count } }
}
