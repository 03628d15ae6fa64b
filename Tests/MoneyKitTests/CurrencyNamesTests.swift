import Foundation
@testable import MoneyKit
import Testing

/// The bulk reading of currency names along bundle chains answers what ICU's per-name
/// lookups (`ucurr_getName`, `ucurr_getPluralName`) answer.
@Suite struct CurrencyNamesTests {
    /// Every 7th ICU locale, and locales with unusual bundle chains (aliases, explicit
    /// parents, scripts, en_GB's en_001 parent).
    static let locales: [String] = {
        let all = ICU.availableLocales
        let sample = stride(from: 0, to: all.count, by: ProcessInfo.processInfo.environment["MONEYKIT_ALL_NAME_LOCALES"] == nil ? 7 : 1)
            .map { all[$0] }
        return sample + ["en_US", "en_GB", "en_AU", "en_IN", "es_MX", "es_419", "pt_PT", "pt_AO", "zh_Hant_HK", "zh_Hant_TW",
                         "zh_TW", "sr_Latn_RS", "nb_NO", "no", "az_Cyrl", "uz_Arab", "ca_ES_VALENCIA", "de_CH", "fr_CA", "root"]
    }()

    @Test("Bulk names equal ICU's per-name answers", arguments: locales)
    func namesMatchICU(locale: String) {
        let names = CurrencyNames.forLocale(locale)
        let keywords = ICU.pluralKeywords(ofLocale: locale) + ["other"]
        var mismatches: [String] = []
        for (index, entry) in CurrencyCatalog.shared.entries.enumerated() {
            let code = entry.code
            func check(_ what: String, _ mine: String?, _ icu: String?) {
                let mine = mine == code ? nil : mine
                if mine != icu { mismatches.append("\(code) \(what): bulk \(mine ?? "-"), ICU \(icu ?? "-")") }
            }
            check("symbol", names.symbol(index), ICU.currencyName(code, locale: locale, kind: .symbol))
            check("narrow", names.narrowSymbol(index), ICU.currencyName(code, locale: locale, kind: .narrowSymbol))
            check("name", names.longName(index), ICU.currencyName(code, locale: locale, kind: .longName))
            for keyword in keywords {
                check(keyword, names.pluralName(index, keyword: keyword), ICU.currencyPluralName(code, locale: locale, keyword: keyword))
            }
        }
        #expect(mismatches.isEmpty, "\(locale): \(mismatches.count) differences, first: \(mismatches.prefix(10))")
    }
}
