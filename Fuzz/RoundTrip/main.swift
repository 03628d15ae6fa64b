// libFuzzer target: MoneyFormatter then MoneyParser on arbitrary amounts. The bytes choose
// a locale (any ICU locale), a currency (any ICU knows), a style, accounting, the sign and
// up to 38 digits with at most the currency's minor units after the point. Property: the
// text parses back, with the currency as the hint, to the same money, in lenient and in
// strict mode. The same amount is also written in compact notation (checked for faults only).
import Foundation
import FuzzSupport
import MoneyKit

let currencies = Currency.allKnown
let styles = MoneyFormatter.Style.allCases

func fuzzRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 6 else { return 0 }
    let locale = ParseCase.locales[(Int(bytes[0]) << 8 | Int(bytes[1])) % ParseCase.locales.count]
    let currency = currencies[(Int(bytes[2]) << 8 | Int(bytes[3])) % currencies.count]
    let style = styles[Int(bytes[4]) % styles.count]
    let accounting = bytes[4] & 0x40 != 0
    let negative = bytes[4] & 0x80 != 0
    // Digits: the remaining bytes as decimal digits (each byte mod 10), at most 38.
    var digits = String(bytes.dropFirst(6).prefix(38).map { Character(UnicodeScalar(UInt8(ascii: "0") + $0 % 10)) })
    if digits.isEmpty { digits = "0" }
    let scale = min(Int(bytes[5]) % (currency.minorUnits + 1), digits.count)
    let integer = digits.dropLast(scale)
    let plain = (negative ? "-" : "") + (integer.isEmpty ? "0" : String(integer)) + (scale > 0 ? "." + digits.suffix(scale) : "")
    guard let amount = Decimal(plainText: plain) else { violated("amount text", plain) }
    let money = Money(amount, currency)
    let formatter = FuzzCache.formatter(locale, style, accounting: accounting)
    // Compact notation is lossy (no round trip to check); it must write without a fault.
    _ = formatter.notation(.compact).format(money)
    let written = formatter.format(money)
    for strict in [false, true] {
        let back = try? FuzzCache.parser(locale, currency, strict: strict).parse(written)
        if back != money {
            violated("parse(format(money)) == money", "locale \(locale), style \(style), accounting \(accounting), "
                     + "strict \(strict): \(money) -> \(String(reflecting: written)) -> \(back.map(\.description) ?? "error")")
        }
    }
    return 0
}

runFuzzer { data, size in fuzzRoundTrip(data!, size) }
