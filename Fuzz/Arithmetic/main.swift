// libFuzzer target: Money's arithmetic on arbitrary amounts. The bytes choose a currency (any
// ICU knows), a unit (minor, cash, or an increment of 1-3 digits at scale 0-4), a rounding
// rule, a sign, up to 38 digits at a scale of -8...40, a part count (1-1000) and up to 16
// ratios. Properties, all checked with MoneyKit's own exact arithmetic:
// - rounding (through the throwing divided(by: 1, ...) first, so that an overflow is an error,
//   not a stop) gives a multiple of the unit, less than one unit away (half a unit for the
//   nearest rules), on the rule's side, and rounded(to:rule:) agrees with it;
// - equal splits add up exactly, the parts after the first's rest are multiples of the unit,
//   largest first, at most one unit apart, with the amount's sign;
// - ratio splits add up exactly and give zero ratios zero;
// - share * parts + remainder == amount;
// - (a + b) - b == a when the sum exists.
import Foundation
import FuzzSupport
import MoneyKit

let currencies = Currency.allKnown
let rules: [FloatingPointRoundingRule] = [.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .towardZero, .awayFromZero]

struct Reader {
    var bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }
    mutating func word() -> Int { Int(byte()) << 8 | Int(byte()) }
}

func decimal(_ digits: [UInt8], scale: Int, negative: Bool) -> Decimal {
    var text = digits.isEmpty ? "0" : String(decoding: digits.map { UInt8(ascii: "0") + $0 % 10 }, as: UTF8.self)
    if scale > 0 {
        if text.count <= scale { text = String(repeating: "0", count: scale - text.count + 1) + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
    } else {
        text += String(repeating: "0", count: -scale)
    }
    guard let value = Decimal(plainText: (negative ? "-" : "") + text) else { violated("amount text", text) }
    return value
}

func check(_ condition: Bool, _ property: String, _ details: @autoclosure () -> String) {
    if !condition { violated(property, details()) }
}

func fuzzArithmetic(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = Reader(bytes: UnsafeBufferPointer(start: data, count: size))
    let currency = currencies[reader.word() % currencies.count]
    let unitByte = reader.byte()
    let unit: RoundingUnit
    switch unitByte % 4 {
    case 0: unit = .cash
    case 1: unit = .increment(decimal([reader.byte() % 9 + 1, reader.byte(), reader.byte()], scale: Int(reader.byte() % 5), negative: false))
    default: unit = .minor
    }
    let rule = rules[Int(reader.byte()) % rules.count]
    let flags = reader.byte()
    let scale = Int(reader.byte() % 49) - 8
    let parts = reader.word() % 1000 + 1
    let digitCount = Int(reader.byte() % 39)
    let digits = (0..<digitCount).map { _ in reader.byte() }
    let ratios = (0..<Int(reader.byte() % 17)).map { _ in
        decimal([reader.byte(), reader.byte()], scale: Int(reader.byte() % 4), negative: false)
    }
    let money = Money(decimal(digits, scale: scale, negative: flags & 1 == 1), currency)
    let step = Money(unit.increment(for: currency), currency)
    let details = "\(money), unit \(unit), rule \(rule), parts \(parts), ratios \(ratios)"

    // Rounding: an overflow (an increment finer than a 38-digit amount's last digit) is an error.
    guard let rounded = try? money.divided(by: 1, unit: unit, rule: rule) else { return 0 }
    check(money.rounded(to: unit, rule: rule) == rounded, "rounded(to:rule:) == divided(by: 1, ...)", details)
    check(rounded.isMultiple(of: unit), "rounding gives a multiple of the unit", "\(details) -> \(rounded)")
    // Bounds around the result: multiples of half a unit, representable unless the result has
    // 38 digits at the unit's precision (then only the checks above run). The difference itself
    // may need more than 38 digits, so it is not computed.
    guard let half = try? step.multiplied(by: Decimal(sign: .plus, exponent: -1, significand: 5)),
          let below = try? rounded.subtracting(step), let above = try? rounded.adding(step),
          let halfBelow = try? rounded.subtracting(half), let halfAbove = try? rounded.adding(half)
    else { return 0 }
    check(below < money && money < above, "rounding moves less than one unit", "\(details) -> \(rounded)")
    switch rule {
    case .toNearestOrAwayFromZero, .toNearestOrEven:
        check(halfBelow <= money && money <= halfAbove, "rounding to nearest moves half a unit at most", "\(details) -> \(rounded)")
    case .up: check(rounded >= money, "rounding up never goes down", "\(details) -> \(rounded)")
    case .down: check(rounded <= money, "rounding down never goes up", "\(details) -> \(rounded)")
    case .towardZero: check(rounded.magnitude <= money.magnitude, "toward zero", "\(details) -> \(rounded)")
    case .awayFromZero: check(rounded.magnitude >= money.magnitude, "away from zero", "\(details) -> \(rounded)")
    @unknown default: break
    }

    // Splits' precondition (Docs/Arithmetic.md, section 5): the amount written to the unit's precision
    // has at most 38 digits, |amount| × 10^(the unit's fraction digits) < 10^38.
    let precision = max(-unit.increment(for: currency).exponent, 0)
    guard money.amount.magnitude * Decimal(sign: .plus, exponent: precision, significand: 1)
            < Decimal(sign: .plus, exponent: 38, significand: 1) else { return 0 }
    let equal = money.allocated(into: parts, unit: unit)
    check(equal.count == parts, "one part per part", details)
    check((try? equal.sum(in: currency)) == money, "equal parts add up", "\(details) -> \(equal)")
    check(equal.allSatisfy { $0.isZero || $0.isNegative == money.isNegative }, "parts carry the amount's sign", details)
    check(equal.dropFirst().allSatisfy { $0.isMultiple(of: unit) }, "parts are multiples of the unit", details)
    if let last = equal.last, parts > 1, let spread = try? equal[1].subtracting(last) {
        check(spread.magnitude <= step, "equal parts differ by one unit at most", "\(details) -> \(equal)")
        check(zip(equal.dropFirst(), equal.dropFirst(2)).allSatisfy { $0.magnitude >= $1.magnitude },
              "the earliest parts are the larger", "\(details) -> \(equal)")
    }
    if !ratios.isEmpty, ratios.contains(where: { $0 > 0 }) {
        let shares = money.allocated(byRatios: ratios, unit: unit)
        check((try? shares.sum(in: currency)) == money, "ratio parts add up", "\(details) -> \(shares)")
        check(zip(shares, ratios).allSatisfy { $1 != 0 || $0.isZero }, "zero ratios get zero", "\(details) -> \(shares)")
    }
    let (share, remainder) = money.divided(into: parts, unit: unit)
    check((try? share.multiplied(by: parts).adding(remainder)) == money, "share * parts + remainder == amount",
          "\(details) -> \(share), \(remainder)")

    // Sums undo.
    if let sum = try? money.adding(rounded) {
        check((try? sum.subtracting(rounded)) == money, "(a + b) - b == a", details)
    }
    return 0
}

runFuzzer { data, size in fuzzArithmetic(data!, size) }
