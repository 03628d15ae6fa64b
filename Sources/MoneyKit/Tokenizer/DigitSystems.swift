/// Every Unicode decimal-digit system, read from ICU once: for any digit, the zero of its
/// system, so a digit's value is its distance from that zero.
///
/// Docs/ParsingRules.md §2: any single system is accepted (ASCII, Arabic-Indic, Persian, Devanagari,
/// Bengali, Thai, Adlam, ...); fullwidth digits count as ASCII. Han and Hangul digits
/// (Docs/ParsingRules.md §4b, see ``Numerals``) are digits of their own two systems.
enum DigitSystems {
    /// Zeros of all systems, ascending (ICU: general category Nd, in runs of ten).
    static let zeros: [UInt32] = ICU.digitZeros()

    /// The ASCII zero, which also stands for fullwidth digits.
    static let asciiZero: UInt32 = 0x30

    /// The zero of the system a scalar belongs to, and its value; nil for non-digits.
    @inline(__always)
    static func digit(_ scalar: UInt32) -> (zero: UInt32, value: UInt32)? {
        if scalar < 0x80 {
            return scalar &- 0x30 < 10 ? (asciiZero, scalar - 0x30) : nil
        }
        if scalar &- 0xFF10 < 10 { return (asciiZero, scalar - 0xFF10) }
        if scalar < 0x660 { return nil }
        // Han and Hangul numerals (§4b) count as digits of their own scripts.
        if scalar >= 0x3007, let numeral = Numerals.digit(scalar) { return numeral }
        // Binary search for the last zero <= scalar.
        var low = 0
        var high = zeros.count
        while low < high {
            let middle = (low + high) >> 1
            if zeros[middle] <= scalar { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let zero = zeros[low - 1]
        return scalar - zero < 10 ? (zero, scalar - zero) : nil
    }
}
