import Foundation

/// An exact decimal as an integer significand and a count of fraction digits, the form
/// the parser accumulates digits into before it builds a Foundation `Decimal`.
///
/// `Decimal` holds up to 38 significant digits in a 128-bit mantissa, and so does this
/// type; building the `Decimal` uses only integer-valued `Decimal` arithmetic, which is
/// exact in that range. No `Double`, no `Decimal(string:)`.
struct ExactDecimal: Equatable, Sendable {
    /// The digits as an integer: 123456 for 1234.56.
    var significand: UInt128
    /// How many of those digits are fraction digits: 2 for 1234.56. May be negative
    /// (significand 12, scale -3 is 12000).
    var scale: Int
    /// The sign (ignored for zero).
    var isNegative: Bool

    /// The largest significand with 38 digits.
    static let maxSignificand: UInt128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

    /// Powers of ten that fit 128 bits: 10^0 ... 10^38.
    static let powersOfTen: [UInt128] = {
        var powers: [UInt128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// The value as a Foundation `Decimal`, with trailing zeros moved into the exponent.
    var decimal: Decimal {
        var significand = self.significand
        var exponent = -scale
        if significand == 0 { return Decimal(0) }
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        let magnitude: Decimal
        if significand <= UInt128(UInt64.max) {
            magnitude = Decimal(UInt64(significand))
        } else {
            let base = UInt128(10_000_000_000_000_000_000)  // 10^19
            magnitude = Decimal(UInt64(significand / base)) * Decimal(UInt64(10_000_000_000_000_000_000))
                + Decimal(UInt64(significand % base))
        }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: magnitude)
    }

    /// Reads a plain decimal: optional `-`, digits, optional `.` and fraction digits, at
    /// most 38 significant digits. Used for data (corpus columns, decoding), not typed input.
    init?(plainText text: some StringProtocol) {
        var significand: UInt128 = 0
        var scale = 0
        var isNegative = false
        var sawDigit = false
        var sawPoint = false
        var significantDigits = 0
        var pendingZeros = 0
        for (position, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where position == 0:
                isNegative = true
            case UInt8(ascii: "."):
                if sawPoint { return nil }
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                let digit = UInt128(byte - UInt8(ascii: "0"))
                if sawPoint { scale += 1 }
                if digit == 0 && significand == 0 {
                    continue
                }
                if digit == 0 {
                    pendingZeros += 1
                    continue
                }
                significantDigits += pendingZeros + 1
                if significantDigits > 38 { return nil }
                significand = significand * ExactDecimal.powersOfTen[pendingZeros + 1] + digit
                pendingZeros = 0
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        // Zeros after the last non-zero digit: in the fraction they are dropped, in the
        // integer part they scale the significand.
        if pendingZeros > 0 {
            scale -= pendingZeros
        }
        self.init(significand: significand, scale: scale, isNegative: isNegative && significand != 0)
    }

    init(significand: UInt128, scale: Int, isNegative: Bool) {
        self.significand = significand
        self.scale = scale
        self.isNegative = isNegative
    }
}

extension Decimal {
    /// Reads a plain decimal string exactly (`-1234.50`): an optional `-`, digits, an
    /// optional `.` and fraction digits; no grouping, no exponent, at most 38 significant
    /// digits; nil for anything else. For data such as CSV columns, not typed input
    /// (use ``MoneyParser`` for that).
    ///
    /// ```swift
    /// Decimal(plainText: "-1234.50")   // -1234.5
    /// Decimal(plainText: "1e5")        // nil
    /// ```
    public init?(plainText text: some StringProtocol) {
        guard let exact = ExactDecimal(plainText: text) else { return nil }
        self = exact.decimal
    }

    /// The value in plain decimal notation, with no exponent, no grouping and no trailing
    /// fraction zeros: `-1234.5`, `1000`, `0.05`.
    public var plainText: String {
        if isZero { return "0" }
        var digits = significand.description  // integer digits, no sign
        let exponent = self.exponent
        var text = ""
        if exponent >= 0 {
            text = digits + String(repeating: "0", count: exponent)
        } else {
            let fractionCount = -exponent
            if digits.count <= fractionCount {
                digits = String(repeating: "0", count: fractionCount - digits.count + 1) + digits
            }
            var integer = digits.dropLast(fractionCount)
            var fraction = digits.suffix(fractionCount)
            while fraction.last == "0" { fraction = fraction.dropLast() }
            if integer.isEmpty { integer = "0" }
            text = fraction.isEmpty ? String(integer) : "\(integer).\(fraction)"
        }
        return sign == .minus ? "-" + text : text
    }
}
