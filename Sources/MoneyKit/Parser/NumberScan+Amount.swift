/// Exact assembly of the amount once the decimal separator is known (Docs/ParsingRules.md §1
/// and §3: at most 38 significant digits, fraction digits against the currency's minor units).
extension NumberScan {
    /// The current digits' exact value, unsigned, before any fraction rule: at most 38
    /// significant digits, trailing zeros significant in the integer part only.
    mutating func exactValue(decimalMark: Int?, bytes: UnsafeBufferPointer<UInt8>) throws(MoneyParseError) -> ExactDecimal {
        let integerDigits = decimalMark.map { Int(mark($0).digitsBefore) } ?? digitCount
        let fractionDigits = digitCount - integerDigits
        let integerTrailingZeros = max(pendingZeros - fractionDigits, 0)
        if overflowed || significantDigits + integerTrailingZeros > ExactDecimal.maximumDigits {
            throw overflowError(in: bytes)
        }
        // Zero has no significant fraction digits, however many zeros are written (`0.000`):
        // every one of them is a leading zero, so none is counted as a surplus decimal (§3).
        if significantDigits == 0 { return ExactDecimal(significand: 0, scale: 0, isNegative: false) }
        // Negative scale: integer zeros to append.
        return ExactDecimal(significand: significand, scale: fractionDigits - pendingZeros, isNegative: false)
    }

    /// The amount: the digits (and units) read, times 10^`shift` (-2 for an amount in cents),
    /// signed, with the currency's fraction rule.
    mutating func amount(
        decimalMark: Int?, isNegative: Bool, minorUnits: Int, colloquial: Bool, shift: Int = 0,
        excess: MoneyParser.Options.ExcessFractionDigits, bytes: UnsafeBufferPointer<UInt8>
    ) throws(MoneyParseError) -> ExactDecimal {
        // The state machine reads an amount only from a number with a value, which has an extent.
        guard let extent else { preconditionFailure("an amount from a number that never started") }
        let start = extent.lowerBound
        var value: ExactDecimal
        if units.used {
            let coefficient = digitCount > 0 ? try exactValue(decimalMark: decimalMark, bytes: bytes) : nil
            let single = digitCount == 1 && markCount == 0
            let zeroThenDigit = digitCount == 2 && leadingZeros == 1 && markCount == 0
            if units.usedSmallUnit, isMultiDigitNumeralRun || units.numeralRunOffset != nil {
                // A multi-digit run has digits, so its coefficient has a start.
                let offset = units.numeralRunOffset ?? coefficientStart ?? start
                throw MoneyParseError(.invalidNumeral, offset: offset, detail: .digitRunInNumeral)
            }
            value = try unitValue(finalCoefficient: coefficient, singleDigit: single, zeroThenDigit: zeroThenDigit,
                                  colloquial: colloquial,
                                  offset: Characters.startOfScalar(endingAt: extent.upperBound, notBefore: start, in: bytes))
            // §1: at most 38 significant digits, the integer part's trailing zeros included.
            if value.significantDigits > ExactDecimal.maximumDigits { throw MoneyParseError(.overflow, offset: start) }
        } else {
            value = try exactValue(decimalMark: decimalMark, bytes: bytes)
        }
        value = value.shifted(by: shift)
        // Signed before rounding: `.up` and `.down` round toward +∞ and -∞.
        value.isNegative = isNegative && value.significand != 0
        if value.scale > minorUnits {
            switch excess {
            case .reject:
                // Without units the first surplus digit is known; with units, the number.
                let integerDigits = decimalMark.map { Int(mark($0).digitsBefore) } ?? digitCount
                let firstSurplus = integerDigits + minorUnits + shift
                let offset = units.used || firstSurplus < 0 ? start : offset(ofDigit: firstSurplus, in: bytes)
                throw MoneyParseError(.tooManyFractionDigits, offset: offset,
                                      excerpt: String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<extent.upperBound]), as: UTF8.self))
            case .round(let rule):
                value = value.rounded(toScale: minorUnits, rule)
            case .keep:
                break
            }
        }
        guard value.scale <= 127, value.scale >= -127 else {
            throw MoneyParseError(.overflow, offset: start)
        }
        return value
    }
}

extension NumberScan {
    /// An overflow error pointing at the 39th significant digit.
    func overflowError(in bytes: UnsafeBufferPointer<UInt8>) -> MoneyParseError {
        MoneyParseError(.overflow, offset: offset(ofDigit: leadingZeros + ExactDecimal.maximumDigits, in: bytes))
    }
}
