/// A set of ASCII bytes as a 128-bit bitmap: a membership test in two instructions, for
/// loops that pass over most bytes (the compact affixes' first characters, the characters
/// that keep an input from the wordless tables).
struct ASCIISet: Sendable, Equatable {
    /// Bits for bytes 0-63 and 64-127.
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0

    init() {}

    /// The set with these bitmaps (read back from the table cache).
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Adds a byte; bytes above ASCII are ignored.
    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    /// Whether the set holds a byte (never for bytes above ASCII).
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte &- 64)) != 0
    }
}
