// The library's one rounding routine. The parser's surplus-decimal option, the formatter's
// fraction digits and cash steps, and Money's rounding, division and splitting all round
// through `roundedCount(of:dividedBy:in:rule:)`, so a rule means the same everywhere.

extension ExactDecimal {
    /// How many `increment`s make `dividend ÷ divisor`, rounded by `rule`: the count (its
    /// magnitude) and whether the exact quotient is negative.
    ///
    /// Exact integer arithmetic: with dividend A·10^-a, divisor B·10^-b and increment
    /// U·10^-s, the count is A·10^(b+s-a) ÷ (B·U), computed in 256 bits, and `rule` decides
    /// from the remainder whether the magnitude goes up by one. ``Overflow`` when the
    /// numerator needs more than 256 bits (the quotient then has far more than 38 digits
    /// unless the divisor and increment together have more than 38).
    ///
    /// - Precondition: `divisor` is not zero; `increment` is positive.
    static func roundedCount(
        of dividend: ExactDecimal, dividedBy divisor: ExactDecimal = .one, in increment: ExactDecimal,
        rule: FloatingPointRoundingRule
    ) throws(Overflow) -> (count: UInt256, isNegative: Bool) {
        precondition(!divisor.isZero, "division by zero")
        precondition(!increment.isZero && !increment.isNegative, "a rounding increment must be positive")
        let a = dividend.normalized
        let b = divisor.normalized
        let u = increment.normalized
        let isNegative = a.isNegative != b.isNegative && !a.isZero
        let power = b.scale + u.scale - a.scale
        let numerator: UInt256
        let denominator: UInt256
        if power >= 0 {
            guard let scaled = UInt256(a.significand).multiplied(byPowerOfTen: power) else { throw Overflow() }
            numerator = scaled
            denominator = UInt256(product: b.significand, u.significand)
        } else {
            numerator = UInt256(a.significand)
            // Beyond 256 bits the denominator exceeds twice any 128-bit numerator, and so does
            // UInt256.max: every rule decides the same with it.
            denominator = UInt256(product: b.significand, u.significand).multiplied(byPowerOfTen: -power) ?? .max
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let up = roundsMagnitudeUp(quotientIsOdd: quotient.isOdd, remainder: remainder, divisor: denominator,
                                   isNegative: isNegative, rule: rule)
        // quotient ≤ numerator < UInt256.max, so adding one never wraps.
        return (up ? quotient.adding(UInt256(1))! : quotient, isNegative)
    }

    /// Whether rounding a quotient's magnitude goes up by one, by `rule`, from the remainder
    /// of its division (`remainder < divisor`) and the sign of the exact value.
    static func roundsMagnitudeUp(
        quotientIsOdd: Bool, remainder: UInt256, divisor: UInt256, isNegative: Bool, rule: FloatingPointRoundingRule
    ) -> Bool {
        guard !remainder.isZero else { return false }
        switch rule {
        case .towardZero: return false
        case .awayFromZero: return true
        case .up: return !isNegative  // toward +∞
        case .down: return isNegative  // toward -∞
        case .toNearestOrAwayFromZero: return remainder >= divisor.subtracting(remainder)
        case .toNearestOrEven:
            let rest = divisor.subtracting(remainder)
            return remainder > rest || (remainder == rest && quotientIsOdd)
        @unknown default:
            preconditionFailure("unknown rounding rule \(rule)")
        }
    }

    /// `count` increments, with a sign; ``Overflow`` beyond 38 significant digits.
    static func multiple(_ count: UInt256, of increment: ExactDecimal, isNegative: Bool) throws(Overflow) -> ExactDecimal {
        guard let product = count.multiplied(by: increment.significand) else { throw Overflow() }
        return try fitting(product, scale: increment.scale, isNegative: isNegative)
    }

    /// The value rounded by `rule` to a multiple of `increment` (positive).
    func rounded(toMultipleOf increment: ExactDecimal, _ rule: FloatingPointRoundingRule) throws(Overflow) -> ExactDecimal {
        let (count, isNegative) = try ExactDecimal.roundedCount(of: self, in: increment, rule: rule)
        return try ExactDecimal.multiple(count, of: increment, isNegative: isNegative)
    }

    /// The quotient rounded by `rule` to a multiple of `increment` (positive).
    func divided(
        by divisor: ExactDecimal, roundedToMultipleOf increment: ExactDecimal, _ rule: FloatingPointRoundingRule
    ) throws(Overflow) -> ExactDecimal {
        let (count, isNegative) = try ExactDecimal.roundedCount(of: self, dividedBy: divisor, in: increment, rule: rule)
        return try ExactDecimal.multiple(count, of: increment, isNegative: isNegative)
    }

    /// The value rounded by `rule` to `target` fraction digits. Never overflows: the
    /// result has no more digits than the value (and one more when rounding carries).
    func rounded(toScale target: Int, _ rule: FloatingPointRoundingRule) -> ExactDecimal {
        guard scale > target else { return self }
        do {
            return try rounded(toMultipleOf: ExactDecimal(significand: 1, scale: target, isNegative: false), rule)
        } catch {
            // 99.99 → 100.0 keeps 38 digits at most; an overflow here is a bug in this file.
            preconditionFailure("rounding \(self) to \(target) fraction digits overflowed")
        }
    }
}
