/// Eight bytes of the input read as one 64-bit word, so that a run of ASCII digits is found
/// and read eight bytes at a time instead of one.
///
/// The techniques are fast_float's (`is_made_of_eight_digits_fast`,
/// `parse_eight_digits_unrolled`): per-byte comparisons done with additions whose carries
/// cannot cross a byte, and the value of eight digits in three multiplications. The word is
/// read little-endian, so the first byte of the text is the word's lowest byte and a byte
/// count from the text's start is a count of trailing zero bits divided by eight.
struct EightBytes {
    /// The eight bytes, the first in the lowest eight bits.
    let word: UInt64

    /// The eight bytes at `offset`. The caller checks that `offset + 8 <= bytes.count`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
    }

    /// The eight bytes of a word built elsewhere (the first byte in its lowest eight bits).
    @inline(__always)
    init(word: UInt64) {
        self.word = word
    }

    /// How many bytes from the first are ASCII digits: 0 to 8.
    @inline(__always)
    var leadingDigitCount: Int {
        // XOR with "0" maps the digits, and only they, to bytes 0...9. In each byte,
        // `(b & 0x7F) + 0x76` reaches 0x80 exactly when `b & 0x7F` is 10 or more, and never
        // carries into the next byte (0x7F + 0x76 = 0xF5); OR-ing `b` back in flags the bytes
        // whose own top bit was set. A flagged byte is not a digit.
        let shifted = word ^ 0x3030_3030_3030_3030
        let flags = (((shifted & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | shifted) & 0x8080_8080_8080_8080
        return flags.trailingZeroBitCount >> 3
    }

    /// The digits' values, one per byte (0...9), when all eight bytes are ASCII digits.
    @inline(__always)
    var digitValues: UInt64 { word & 0x0F0F_0F0F_0F0F_0F0F }

    /// The number the first `count` bytes spell (`count` in 1...8), when they are ASCII
    /// digits: the bytes after them are shifted out of the word's top, and the zeros shifted
    /// in at its bottom are leading zeros.
    @inline(__always)
    func number(ofFirst count: Int) -> UInt64 {
        EightBytes.number(ofDigitValues: digitValues << UInt64((8 - count) << 3))
    }

    /// 10 to the powers 0 through 8: the factor that makes room for up to eight digits in a
    /// 64-bit significand (the common shape's; the number scan's 128-bit one uses
    /// `ExactDecimal.powersOfTen`). A table of its own because it measured cheaper: the common
    /// shape reading `ExactDecimal.powersOfTen` (built by a closure on first use) cost 12 more
    /// instructions per parse over the corpus (7,118 against 7,106,
    /// `Benchmarks/phase-costs.sh 3`); a literal of constants needs no first-use check.
    static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// The number eight digit values spell, the first the most significant
    /// (`digitValues` of "12345678" gives 12,345,678). Zero values in the low bytes are
    /// leading zeros and do not change it.
    @inline(__always)
    static func number(ofDigitValues values: UInt64) -> UInt64 {
        // Pairs, then quadruples, then the eight digits (fast_float's three steps): each
        // step's sums stay inside the lanes the masks keep; the wrapped high bits of the last
        // products are cut off (the value is under 10^8 < 2^32).
        let pairs = values &* 10 &+ (values >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let multiplier1: UInt64 = 100 + (1_000_000 << 32)
        let multiplier2: UInt64 = 1 + (10_000 << 32)
        return (((pairs & mask) &* multiplier1 &+ ((pairs >> 16) & mask) &* multiplier2) >> 32) & 0xFFFF_FFFF
    }
}
