@testable import MoneyKit
import TestSupport

/// ICU's locales as the whole-locale tests walk them.
enum TestLocales {
    /// Every ICU locale; in a sanitizer build every fourth one. The sanitizers look for memory
    /// errors and races, which a quarter of the locales exercise through the same code, and the
    /// instrumented debug build takes minutes per pass over all 805 (the whole round trip
    /// alone took 350 s under ThreadSanitizer). `make test` always walks every locale.
    static let walked: [String] = {
        let all = ICU.availableLocales
        return Sanitizers.active ? stride(from: 0, to: all.count, by: 4).map { all[$0] } : all
    }()

    /// The currencies the whole-locale comparisons with ICU write in a locale: the common
    /// ones given, then the locale's own when it has one and it is not among them.
    static func currencies(in locale: String, common: [String] = ["USD", "EUR", "JPY"]) -> [Currency] {
        var currencies = common.map { try! Currency(code: $0) }
        if let regional = LocaleProfile.profile(for: locale).defaultCurrency, !currencies.contains(regional) {
            currencies.append(regional)
        }
        return currencies
    }
}
