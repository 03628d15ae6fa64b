/// An unsigned 256-bit integer: the working width of exact decimal arithmetic, where a
/// 38-digit significand times another (or times a power of ten) needs up to 77 digits.
///
/// Only the operations ``ExactDecimal`` needs, built on the standard library's full-width
/// `UInt128` multiplication and division. Not a general big integer on purpose: values of
/// fixed width live on the stack, so rounding in the parser's hot path allocates nothing
/// (a heap-backed big integer would allocate on every call).
struct UInt256: Equatable, Comparable, Sendable {
    var high: UInt128
    var low: UInt128

    static let zero = UInt256(high: 0, low: 0)
    static let max = UInt256(high: .max, low: .max)

    init(high: UInt128, low: UInt128) {
        self.high = high
        self.low = low
    }

    init(_ value: UInt128) {
        self.init(high: 0, low: value)
    }

    /// The full product of two 128-bit values (it always fits).
    init(product a: UInt128, _ b: UInt128) {
        let (high, low) = a.multipliedFullWidth(by: b)
        self.init(high: high, low: low)
    }

    var isZero: Bool { high == 0 && low == 0 }
    var isOdd: Bool { low & 1 == 1 }

    /// The value, when it fits 128 bits.
    var uint128: UInt128? { high == 0 ? low : nil }

    static func < (lhs: UInt256, rhs: UInt256) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }

    /// The sum, or nil when it does not fit 256 bits.
    func adding(_ other: UInt256) -> UInt256? {
        let (low, carry) = low.addingReportingOverflow(other.low)
        let (high, overflow1) = high.addingReportingOverflow(other.high)
        let (total, overflow2) = high.addingReportingOverflow(carry ? 1 : 0)
        return overflow1 || overflow2 ? nil : UInt256(high: total, low: low)
    }

    /// The difference of a larger or equal value minus a smaller one.
    func subtracting(_ other: UInt256) -> UInt256 {
        precondition(other <= self, "UInt256 subtraction would be negative")
        return wrappingSubtracting(other)
    }

    private func wrappingSubtracting(_ other: UInt256) -> UInt256 {
        let (low, borrow) = low.subtractingReportingOverflow(other.low)
        return UInt256(high: high &- other.high &- (borrow ? 1 : 0), low: low)
    }

    /// The product with a 128-bit factor, or nil when it does not fit 256 bits.
    func multiplied(by factor: UInt128) -> UInt256? {
        let lowProduct = low.multipliedFullWidth(by: factor)
        let (highProduct, highOverflow) = high.multipliedReportingOverflow(by: factor)
        guard !highOverflow else { return nil }
        let (total, overflow) = highProduct.addingReportingOverflow(lowProduct.high)
        return overflow ? nil : UInt256(high: total, low: lowProduct.low)
    }

    /// The product with another 256-bit value, or nil when it does not fit 256 bits.
    func multiplied(by other: UInt256) -> UInt256? {
        if other.high == 0 { return multiplied(by: other.low) }
        if high == 0 { return other.multiplied(by: low) }
        return nil  // both at least 2^128
    }

    /// The value times 10^`power` (`power` ≥ 0), or nil when it does not fit 256 bits.
    func multiplied(byPowerOfTen power: Int) -> UInt256? {
        if isZero { return self }
        var result = self
        var rest = power
        while rest > 0 {
            let step = Swift.min(rest, ExactDecimal.maximumDigits)
            guard let next = result.multiplied(by: ExactDecimal.powersOfTen[step]) else { return nil }
            result = next
            rest -= step
        }
        return result
    }

    /// Quotient and remainder; the divisor must not be zero.
    func quotientAndRemainder(dividingBy divisor: UInt256) -> (quotient: UInt256, remainder: UInt256) {
        precondition(!divisor.isZero, "UInt256 division by zero")
        if divisor.high == 0 {
            let d = divisor.low
            if high == 0 { return (UInt256(low / d), UInt256(low % d)) }
            let highQuotient = high / d
            let (lowQuotient, remainder) = d.dividingFullWidth((high % d, low))
            return (UInt256(high: highQuotient, low: lowQuotient), UInt256(remainder))
        }
        // A divisor of 2^128 or more: the quotient fits 128 bits. Binary long division over
        // the dividend's bits (rare: only 39-digit-plus intermediates get here).
        var quotient = UInt256.zero
        var remainder = UInt256.zero
        for bit in stride(from: 255, through: 0, by: -1) {
            let carry = remainder.high >> 127 == 1
            remainder = UInt256(high: remainder.high << 1 | remainder.low >> 127, low: remainder.low << 1 | self.bit(bit))
            if carry || remainder >= divisor {
                remainder = remainder.wrappingSubtracting(divisor)
                if bit >= 128 { quotient.high |= 1 << UInt128(bit - 128) } else { quotient.low |= 1 << UInt128(bit) }
            }
        }
        return (quotient, remainder)
    }

    private func bit(_ index: Int) -> UInt128 {
        index >= 128 ? high >> UInt128(index - 128) & 1 : low >> UInt128(index) & 1
    }
}
