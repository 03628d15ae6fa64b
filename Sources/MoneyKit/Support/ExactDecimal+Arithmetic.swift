import Foundation

// Exact sums, products and conversions of `ExactDecimal`: every exact-decimal helper of the
// library lives in this file, ExactDecimal.swift and ExactDecimal+Rounding.swift.

extension ExactDecimal {
    /// A result that needs more than 38 significant digits, or a power of ten beyond what
    /// `Decimal` holds (10^-128 ... 10^127). Never a rounded or wrapped value instead.
    struct Overflow: Error, Equatable {}

    static let zero = ExactDecimal(significand: 0, scale: 0, isNegative: false)
    static let one = ExactDecimal(significand: 1, scale: 0, isNegative: false)

    var isZero: Bool { significand == 0 }

    /// The exact value of a `Decimal` (nil for NaN): its mantissa and exponent, read from its
    /// fields, or else from its own plain-text digits. Exact either way; no binary floating
    /// point is involved.
    init?(decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        if let fields = DecimalFields.fields(of: decimal) {
            self.init(significand: fields.significand, scale: -fields.exponent, isNegative: fields.isNegative && fields.significand != 0)
            return
        }
        self.init(plainText: decimal.description)
    }

    /// The value as a `Decimal`, or ``Overflow`` when its exponent is beyond `Decimal`'s
    /// range (the significand is at most 38 digits for every value arithmetic returns).
    func checkedDecimal() throws(Overflow) -> Decimal {
        let value = normalized
        guard value.significand <= ExactDecimal.maxSignificand, value.scale >= -127, value.scale <= 128 else {
            throw Overflow()
        }
        return value.decimal
    }

    /// The same value without trailing zeros in the significand (zero has scale 0).
    var normalized: ExactDecimal {
        guard significand != 0 else { return .zero }
        var value = self
        while value.significand % 10 == 0 {
            value.significand /= 10
            value.scale -= 1
        }
        return value
    }

    /// The value times 10^power.
    func shifted(by power: Int) -> ExactDecimal {
        ExactDecimal(significand: significand, scale: scale - power, isNegative: isNegative)
    }

    /// The value with the opposite sign (zero stays unsigned).
    var negated: ExactDecimal {
        ExactDecimal(significand: significand, scale: scale, isNegative: !isNegative && significand != 0)
    }

    /// The absolute value.
    var magnitude: ExactDecimal {
        ExactDecimal(significand: significand, scale: scale, isNegative: false)
    }

    /// Significant digits as Docs/ParsingRules.md §1 counts them: leading zeros and trailing
    /// fraction zeros do not count, trailing zeros of the integer part do.
    var significantDigits: Int {
        guard significand != 0 else { return 0 }
        var digits = 1
        while digits <= ExactDecimal.maximumDigits, significand >= ExactDecimal.powersOfTen[digits] { digits += 1 }
        var trailing = 0
        var rest = significand
        while rest % 10 == 0 {
            rest /= 10
            trailing += 1
        }
        // Zeros after the decimal point are not significant; integer zeros are.
        let fractionZeros = min(max(scale, 0), trailing)
        digits -= fractionZeros
        return digits + max(-scale, 0)
    }

    /// Plain decimal digits of a non-negative value (for handing to ICU).
    var plainDigits: String? {
        let digits = String(significand)
        if scale <= 0 { return digits + String(repeating: "0", count: -scale) }
        if digits.count > scale { return String(digits.dropLast(scale)) + "." + digits.suffix(scale) }
        return "0." + String(repeating: "0", count: scale - digits.count) + digits
    }

    /// The exponent e with self = other × 10^e, when there is one.
    func powerOfTen(over other: ExactDecimal) -> Int? {
        let a = normalized
        let b = other.normalized
        guard a.significand == b.significand, a.significand != 0 else { return nil }
        return b.scale - a.scale
    }

    /// The exact sum; ``Overflow`` beyond 38 significant digits.
    func adding(_ other: ExactDecimal) throws(Overflow) -> ExactDecimal {
        if other.significand == 0 { return self }
        if significand == 0 { return other }
        let a = normalized
        let b = other.normalized
        let scale = max(a.scale, b.scale)
        guard let left = UInt256(a.significand).multiplied(byPowerOfTen: scale - a.scale),
              let right = UInt256(b.significand).multiplied(byPowerOfTen: scale - b.scale)
        else { throw Overflow() }  // one operand's digits span more than 77 places from the other's
        if a.isNegative == b.isNegative {
            guard let sum = left.adding(right) else { throw Overflow() }
            return try ExactDecimal.fitting(sum, scale: scale, isNegative: a.isNegative)
        }
        let (difference, isNegative) = left >= right
            ? (left.subtracting(right), a.isNegative)
            : (right.subtracting(left), b.isNegative)
        return try ExactDecimal.fitting(difference, scale: scale, isNegative: isNegative)
    }

    /// The exact difference; ``Overflow`` beyond 38 significant digits.
    func subtracting(_ other: ExactDecimal) throws(Overflow) -> ExactDecimal {
        try adding(other.negated)
    }

    /// The exact product; ``Overflow`` beyond 38 significant digits.
    func multiplied(by other: ExactDecimal) throws(Overflow) -> ExactDecimal {
        if significand == 0 || other.significand == 0 { return .zero }
        return try ExactDecimal.fitting(UInt256(product: significand, other.significand), scale: scale + other.scale,
                                        isNegative: isNegative != other.isNegative)
    }

    /// A 256-bit significand brought to at most 38 digits by dropping trailing zeros (never
    /// non-zero digits), or ``Overflow``.
    static func fitting(_ wide: UInt256, scale: Int, isNegative: Bool) throws(Overflow) -> ExactDecimal {
        var wide = wide
        var scale = scale
        let limit = UInt256(maxSignificand)
        while wide > limit {
            let (quotient, remainder) = wide.quotientAndRemainder(dividingBy: UInt256(10))
            guard remainder.isZero else { throw Overflow() }
            wide = quotient
            scale -= 1
        }
        return ExactDecimal(significand: wide.low, scale: scale, isNegative: isNegative && wide.low != 0)
    }
}
