import Foundation
@testable import MoneyKit
import PropertyBased
import Testing

/// Property tests of Money's arithmetic over every currency ICU knows: amounts from 0 to
/// 10^13 minor units (some with digits below the unit), both signs, the minor unit, the cash
/// unit and explicit increments. Each property runs 10,000 seeded cases; a failure prints
/// the seed, and `.fixedSeed("...")` on the test replays that case.
///
/// The expected values come from Foundation's own Decimal arithmetic (`+`, `*`, `/`,
/// `NSDecimalRound`), exact at these sizes: an implementation independent of MoneyKit's.
@Suite struct ArithmeticPropertyTests {
    static let cases = 10_000

    @Test("Equal splits add up, are multiples of the unit, fair, and carry the amount's sign")
    func equalSplits() async {
        await propertyCheck(count: Self.cases, input: AmountCase.generator, Gen.int(in: 1...1000)) { amount, parts in
            let result = amount.money.allocated(into: parts, unit: amount.unit)
            #expect(result.count == parts)
            #expect(Oracle.total(result) == amount.money.amount)
            // Equal parts come in runs of one value: divide each run's value once.
            var counts: [Decimal?] = []
            for (index, part) in result.enumerated() {
                if index > 1, part == result[index - 1] {
                    counts.append(counts[index - 1])
                } else {
                    counts.append(Oracle.units(part.amount - (index == 0 ? amount.rest : 0), per: amount.step))
                }
            }
            #expect(!counts.contains(nil), "every part is a multiple of the unit (the first after its rest)")
            let magnitudes = counts.compactMap { $0?.magnitude }
            #expect(zip(magnitudes, magnitudes.dropFirst()).allSatisfy { $0 >= $1 }, "the earliest parts are the larger")
            if let first = magnitudes.first, let last = magnitudes.last {
                #expect(first - last <= 1, "equal parts differ by one unit at most")
            }
            #expect(result.allSatisfy { $0.isZero || $0.isNegative == amount.money.isNegative })
        }
    }

    @Test("Ratio splits add up, give zero ratios zero, and hand extra units to the largest remainders")
    func ratioSplits() async {
        await propertyCheck(count: Self.cases, input: AmountCase.generator, Self.ratios) { amount, ratios in
            let result = amount.money.allocated(byRatios: ratios, unit: amount.unit)
            #expect(result.count == ratios.count)
            #expect(Oracle.total(result) == amount.money.amount)
            let restIndex = ratios.firstIndex { $0 > 0 }!
            let ratioTotal = ratios.reduce(0, +)
            let units = Oracle.truncatedUnits(amount.money.amount, per: amount.step)
            var extraRemainders: [(remainder: Decimal, index: Int)] = []
            var plainRemainders: [(remainder: Decimal, index: Int)] = []
            for (index, (part, ratio)) in zip(result, ratios).enumerated() {
                if ratio == 0 { #expect(part.isZero, "a zero ratio gets zero") }
                #expect(part.isZero || part.isNegative == amount.money.isNegative)
                guard let count = Oracle.units(part.amount - (index == restIndex ? amount.rest : 0), per: amount.step) else {
                    Issue.record("part \(index) is no multiple of the unit: \(part)")
                    continue
                }
                // The exact share is units × ratio / total: the part is its floor or one more.
                let exact = units.magnitude * ratio
                let floor = Oracle.rounded(exact / ratioTotal, .down)
                let remainder = exact - floor * ratioTotal
                let extra = count.magnitude - floor
                #expect(extra == 0 || extra == 1, "part \(index) is within one unit of its share")
                if ratio > 0 {
                    if extra == 1 { extraRemainders.append((remainder, index)) } else { plainRemainders.append((remainder, index)) }
                }
            }
            // Every part that got an extra unit had a larger remainder (or an equal one, earlier).
            for taken in extraRemainders {
                for left in plainRemainders {
                    #expect(taken.remainder > left.remainder || (taken.remainder == left.remainder && taken.index < left.index))
                }
            }
        }
    }

    @Test("A share and remainder add up to the amount")
    func shareAndRemainder() async {
        await propertyCheck(count: Self.cases, input: AmountCase.generator, Gen.int(in: 1...1000)) { amount, parts in
            let (share, remainder) = amount.money.divided(into: parts, unit: amount.unit)
            #expect(share.amount * Decimal(parts) + remainder.amount == amount.money.amount)
            let units = Oracle.truncatedUnits(amount.money.amount, per: amount.step)
            let expectedShare = Oracle.rounded(units.magnitude / Decimal(parts), .down) * amount.step
            #expect(share.amount.magnitude == expectedShare, "the share is rounded toward zero to the unit")
            #expect(share.isZero || share.isNegative == amount.money.isNegative)
            #expect(remainder.isZero || remainder.isNegative == amount.money.isNegative)
        }
    }

    @Test("Rounding by every rule gives the multiple Foundation's NSDecimalRound gives")
    func rounding() async {
        let rules: [FloatingPointRoundingRule] = [.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .towardZero, .awayFromZero]
        await propertyCheck(count: Self.cases, input: AmountCase.generator, Gen.int(in: 0...5)) { amount, ruleIndex in
            let rule = rules[ruleIndex]
            let rounded = amount.money.rounded(to: amount.unit, rule: rule)
            #expect(rounded.amount == Oracle.rounded(amount.money.amount, to: amount.step, rule))
            #expect(rounded.rounded(to: amount.unit, rule: rule) == rounded, "rounding twice changes nothing")
        }
    }

    @Test("Sums, differences and products equal Foundation's exact ones")
    func exactOperations() async throws {
        await propertyCheck(count: Self.cases, input: AmountCase.generator, AmountCase.generator, Gen.int(in: -1000...1000)) {
            left, other, factor in
            let right = Money(other.money.amount, left.money.currency)
            #expect((left.money + right).amount == left.money.amount + right.amount)
            #expect((left.money - right).amount == left.money.amount - right.amount)
            #expect((left.money - right + right) == left.money)
            #expect((left.money * factor).amount == left.money.amount * Decimal(factor))
            #expect((left.money * right.amount).amount == left.money.amount * right.amount)
        }
    }

    @Test("Division rounds the exact quotient by the rule")
    func division() async {
        let rules: [FloatingPointRoundingRule] = [.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .towardZero, .awayFromZero]
        await propertyCheck(count: Self.cases, input: AmountCase.generator, Gen.int(in: 1...1000), Gen.bool, Gen.int(in: 0...5)) {
            amount, divisor, negative, ruleIndex in
            let signedDivisor = negative ? -divisor : divisor
            let quotient = try amount.money.divided(by: signedDivisor, unit: amount.unit, rule: rules[ruleIndex])
            // Foundation's quotient is exact or 38 digits long; no rounding boundary lies that close.
            let expected = Oracle.rounded(amount.money.amount / Decimal(signedDivisor), to: amount.step, rules[ruleIndex])
            #expect(quotient.amount == expected)
        }
    }

    /// 1-20 ratios: whole numbers or up to three fraction digits, a third of them zero, at
    /// least one positive.
    static let ratios = zip(Gen.int(in: 0...1000), Gen.int(in: 0...3), Gen.bool(0.3)).map { value, scale, zero in
        zero ? Decimal(0) : Decimal(sign: .plus, exponent: -scale, significand: Decimal(value))
    }.array(of: 1...20).map { ratios in
        ratios.contains { $0 > 0 } ? ratios : [1] + ratios.dropFirst()
    }
}

/// An amount in some currency with a unit to round or split it to.
struct AmountCase: Sendable, CustomStringConvertible {
    let money: Money
    let unit: RoundingUnit

    var step: Decimal { unit.increment(for: money.currency) }
    /// The amount minus its whole units (below one unit, with the amount's sign).
    var rest: Decimal { money.amount - Oracle.truncatedUnits(money.amount, per: step) * step }

    var description: String { "\(money) to \(unit)" }

    static let currencies = Currency.allKnown
    static let increments = ["0.25", "5", "0.001", "100", "0.05"].map { RoundingUnit.increment(Decimal(plainText: $0)!) }

    /// 0 to 10^13 minor units, either sign; a quarter of them with 1-3 digits below the
    /// minor unit; the minor unit, the cash unit or an explicit increment.
    static let generator = zip(
        Gen.int(in: 0..<currencies.count), Gen.int64(in: 0...10_000_000_000_000), Gen.bool, Gen.int(in: -9...3),
        Gen.int(in: 0...6)
    ).map { index, units, negative, extraDigits, unitChoice in
        let currency = currencies[index]
        let extra = max(extraDigits, 0)
        let amount = Decimal(sign: negative ? .minus : .plus, exponent: -(currency.minorUnits + extra), significand: Decimal(units))
        let unit: RoundingUnit = unitChoice == 0 ? .cash : unitChoice == 1 ? increments[Int(units % 5)] : .minor
        return AmountCase(money: Money(amount, currency), unit: unit)
    }
}

/// Foundation's arithmetic, as the reference.
enum Oracle {
    static func total(_ parts: [Money]) -> Decimal { parts.reduce(Decimal(0)) { $0 + $1.amount } }

    static func rounded(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode, scale: Int = 0) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, mode)
        return result
    }

    /// value / step when that is a whole number, else nil.
    static func units(_ value: Decimal, per step: Decimal) -> Decimal? {
        let quotient = value / step
        return rounded(quotient.magnitude, .down) == quotient.magnitude ? quotient : nil
    }

    /// value / step rounded toward zero.
    static func truncatedUnits(_ value: Decimal, per step: Decimal) -> Decimal {
        let magnitude = rounded((value / step).magnitude, .down)
        return value < 0 ? -magnitude : magnitude
    }

    /// The multiple of `step` that `rule` picks for `value`, rounding the magnitude with
    /// NSDecimalRound (whose modes are unambiguous for positive numbers).
    static func rounded(_ value: Decimal, to step: Decimal, _ rule: FloatingPointRoundingRule) -> Decimal {
        let magnitude = (value / step).magnitude
        let negative = value < 0
        let mode: NSDecimalNumber.RoundingMode
        switch rule {
        case .toNearestOrAwayFromZero: mode = .plain
        case .toNearestOrEven: mode = .bankers
        case .towardZero: mode = .down
        case .awayFromZero: mode = .up
        case .up: mode = negative ? .down : .up
        case .down: mode = negative ? .up : .down
        @unknown default: mode = .bankers
        }
        let units = rounded(magnitude, mode) * step
        return negative ? -units : units
    }
}
