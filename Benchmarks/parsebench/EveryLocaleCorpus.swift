// A corpus that mixes every ICU locale, for measuring fxparse where profile building weighs
// most (README, "fxparse at scale"): `parsebench --every-locale-corpus FILE [--rows N]`.
import Foundation
import MoneyKit

/// Writes `rows` rows of `id,input,locale` to `path`: row i is in the i-th ICU locale (round
/// robin, so a million rows visit each of the 805 locales about 1,240 times, the first of them
/// within the first 805 rows), an amount drawn by a seeded generator (reproducible: the same
/// rows on every run and machine with the same ICU), written by MoneyFormatter in the
/// locale's currency (US dollars where the locale names no region) in one of four ways:
/// symbol, ISO code, name, or a negative amount in the accounting style.
func writeEveryLocaleCorpus(path: String, rows: Int) {
    let locales = icuLocales()
    let styles: [(MoneyFormatter.Style, Bool)] = [(.symbol, false), (.isoCode, false), (.name, false), (.symbol, true)]
    // One formatter per locale and way, made on first use.
    var formatters: [Int: MoneyFormatter] = [:]
    let currencies = locales.map { locale in
        Locale(identifier: locale).currency.flatMap { try? Currency(code: $0.identifier) } ?? ("USD" as Currency)
    }
    // A 64-bit linear congruential generator (Knuth's MMIX constants): fixed, so the file is reproducible.
    var state: UInt64 = 2026
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    var text = "id,input,locale\n"
    text.reserveCapacity(rows * 40)
    guard FileManager.default.createFile(atPath: path, contents: nil),
          let handle = FileHandle(forWritingAtPath: path) else { fail("cannot write \(path)") }
    for row in 0..<rows {
        let localeIndex = row % locales.count
        let way = Int(next() % UInt64(styles.count))
        let formatter: MoneyFormatter
        if let made = formatters[localeIndex * styles.count + way] {
            formatter = made
        } else {
            formatter = MoneyFormatter(locale: Locale(identifier: locales[localeIndex]), style: styles[way].0,
                                       accounting: styles[way].1)
            formatters[localeIndex * styles.count + way] = formatter
        }
        // Minor units from 1 to 10^9 (up to ten million in a two-digit currency), log-uniform-ish:
        // a random count of digits, then random digits.
        let digits = 1 + Int(next() % 9)
        var minor = Int(next() % 9) + 1
        for _ in 1..<digits { minor = minor * 10 + Int(next() % 10) }
        let currency = currencies[localeIndex]
        var money = Money(minorUnits: minor, currency)
        if styles[way].1 { money = -money }
        let input = formatter.format(money).replacingOccurrences(of: "\"", with: "\"\"")
        text += "r\(row + 1),\"\(input)\",\(locales[localeIndex])\n"
        if text.utf8.count > 1 << 20 {
            handle.write(Data(text.utf8))
            text.removeAll(keepingCapacity: true)
        }
    }
    handle.write(Data(text.utf8))
    try? handle.close()
}
