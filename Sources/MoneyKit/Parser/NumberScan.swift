/// The digits and separators of one number, recorded as the state machine reads them.
///
/// Which separator is the decimal one is only known once the whole number is read (the
/// inference of Docs/ParsingRules.md §3 looks at all of them), so digits accumulate as one integer and each
/// separator is recorded with the count of digits before it. Fixed-size storage: no
/// allocation.
///
/// The functions that read the separator records are `mutating` though they change nothing:
/// an `InlineArray` read through a borrowed value is copied whole before each subscript (the
/// compiler needs its address, and a borrowed value of a loadable type has none), so every
/// `marks[i]` in a non-mutating function copied the 24 records (144 bytes), 300 of a parse's
/// 7,100 instructions. Through `inout` the records are read in place.
struct NumberScan {
    /// One separator inside the number, in 8 bytes (inputs are at most 1,024 bytes long).
    struct Mark {
        var kind: SeparatorClass = .comma
        var length: UInt8 = 0
        /// How many digits of the number precede it.
        var digitsBefore: UInt16 = 0
        /// UTF-8 offset in the input.
        var offset: UInt16 = 0
    }

    /// Most separators a number may hold: 38 significant digits in groups of at least two
    /// make 18 grouping separators, plus the decimal one; a number with more is never valid.
    static let maximumSeparators = 24

    private(set) var marks = InlineArray<24, Mark>(repeating: Mark())
    private(set) var markCount = 0
    /// The digits as an integer, without trailing zeros (see ``pendingZeros``).
    private(set) var significand: UInt128 = 0
    /// Significant digits in ``significand`` (leading zeros excluded).
    private(set) var significantDigits = 0
    /// Zeros read after the last non-zero digit, not yet multiplied in: they are either
    /// insignificant fraction zeros or integer zeros, which only the decimal position tells.
    private(set) var pendingZeros = 0
    /// All digits read, leading zeros included.
    private(set) var digitCount = 0
    /// Zeros before the first non-zero digit.
    private(set) var leadingZeros = 0
    /// The zero of the number's digit system (0 before the first digit).
    private(set) var digitZero: UInt32 = 0
    /// UTF-8 offset of the current coefficient's first digit (nil before any).
    private(set) var coefficientStart: Int?
    /// Whether more than 38 significant digits were read.
    private(set) var overflowed = false
    /// UTF-8 offset of the first separator beyond ``maximumSeparators``, if any.
    private(set) var firstUnrecordedSeparator: Int?
    /// Significant digits before the last separator, counting zeros after the last non-zero
    /// digit: those digits are integer digits whichever separator is the decimal one.
    private(set) var integerSignificantDigitsAtLastSeparator = 0
    /// Whether the last separator is followed by a "no cents" dash (`50,-`).
    private(set) var endsWithDash = false
    /// UTF-8 range of the number in the input: nil before its first digit, separator or unit.
    private(set) var extent: Range<Int>?
    /// Units and multipliers read so far (§4b).
    var units = UnitState()

    /// An empty scan. Inlined so that the scan is built where it lives (in the state
    /// machine's result), not built aside and copied there (402 bytes).
    @inline(__always)
    init() {}

    /// Whether the current coefficient is a run of two or more Han or Hangul digits after
    /// its leading zeros (`四五`, `一〇〇`): positional, not a numeral in unit form.
    var isMultiDigitNumeralRun: Bool {
        (digitZero == Numerals.hanZero || digitZero == Numerals.hangulZero) && digitCount - leadingZeros >= 2
    }

    /// Whether the current coefficient has digits.
    var hasDigits: Bool { digitCount > 0 }
    /// Whether there is a number at all (digits, or units such as `万`).
    var hasValue: Bool { digitCount > 0 || units.used }

    /// Forgets the current coefficient's digits and separators (after a unit took them).
    mutating func clearDigits() {
        markCount = 0
        significand = 0
        significantDigits = 0
        pendingZeros = 0
        digitCount = 0
        leadingZeros = 0
        digitZero = 0
        coefficientStart = nil
        overflowed = false
        endsWithDash = false
        firstUnrecordedSeparator = nil
        integerSignificantDigitsAtLastSeparator = 0
    }

    /// Extends the number's end (a unit or multiplier token belongs to it).
    mutating func extend(to tokenEnd: Int) {
        guard let extent else { return }
        self.extent = extent.lowerBound..<max(extent.upperBound, tokenEnd)
    }

    /// Makes the number reach `tokenEnd`, starting at `tokenStart` when nothing came before.
    private mutating func include(from tokenStart: Int, to tokenEnd: Int) {
        extent = (extent?.lowerBound ?? tokenStart)..<tokenEnd
    }

    /// Starts the number at `offset` when nothing came before (a unit with no digits, `万`).
    mutating func start(at offset: Int) {
        if extent == nil { extent = offset..<offset }
    }

    /// The separator record at `position` (read in place: see the note on the type).
    mutating func mark(_ position: Int) -> Mark { marks[position] }

    /// Reads a run of digits of one system (whose zero is `zero`) between two UTF-8 offsets.
    mutating func appendDigits(
        zero: UInt32, start runStart: Int, end runEnd: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) throws(MoneyParseError) {
        if digitZero == 0 {
            digitZero = zero
        } else if digitZero != zero {
            throw MoneyParseError(.mixedDigitSystems, offset: runStart,
                                  excerpt: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]), as: UTF8.self))
        }
        if digitCount == 0 { coefficientStart = runStart }
        var index = runStart
        // ASCII digits eight at a time while eight remain (long amounts, §2's 38 digits), then
        // one byte each (most runs are nothing else): a digit's value is the byte's distance
        // from `0`, with no decoding and no digit-system lookup.
        if runEnd - index >= 8 { index = appendEightDigitsAtATime(from: index, to: runEnd, in: bytes) }
        while index < runEnd, bytes[index] &- 0x30 < 10 {
            appendDigit(UInt32(bytes[index] &- 0x30))
            index += 1
        }
        // Any other digits (fullwidth digits in an ASCII run, other systems).
        while index < runEnd {
            let (scalar, length) = Characters.decode(bytes, at: index)
            index += length
            appendDigit(DigitSystems.digit(scalar)?.value ?? 0)
        }
        include(from: runStart, to: runEnd)
    }

    /// Reads a number written in words (§8) as if its digits were typed: ASCII digits with no
    /// separator.
    mutating func appendSpelledNumber(_ value: UInt64, start: Int, end: Int) {
        if digitZero == 0 { digitZero = 0x30 }
        if digitCount == 0 { coefficientStart = start }
        // Digit by digit from the most significant (no String: its conversion cost about 200
        // instructions per parse in words, callgrind).
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        var rest = value
        while true {
            appendDigit(UInt32(rest / divisor))
            rest %= divisor
            if divisor == 1 { break }
            divisor /= 10
        }
        include(from: start, to: end)
    }

    /// Reads ASCII digits eight at a time from `start` while eight remain before `end`, and
    /// returns where it stopped. Out of line: most runs are shorter, and the parse's hot
    /// loop stays small without it.
    @inline(never)
    private mutating func appendEightDigitsAtATime(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start
        while end - index >= 8 {
            let eight = EightBytes(bytes, at: index)
            guard eight.leadingDigitCount == 8, appendEightDigits(eight.digitValues) else { break }
            index += 8
        }
        return index
    }

    /// Adds eight digits' values (one per byte, the first digit in the lowest byte) as eight
    /// calls of ``appendDigit(_:)`` would. Returns false, changing nothing, when the digits
    /// could take the number past 38 significant digits: those are read one by one, so that
    /// the overflow is recorded exactly as there.
    @inline(__always)
    private mutating func appendEightDigits(_ values: UInt64) -> Bool {
        // A flag in the top bit of each non-zero byte (values are at most 9: no carries).
        let nonZero = (values &+ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
        let beforeFirstNonZero = significand == 0 && significantDigits == 0
        guard nonZero != 0 else {
            if beforeFirstNonZero { leadingZeros += 8 } else { pendingZeros += 8 }
            digitCount += 8
            return true
        }
        // Zeros after the last non-zero digit (the word's high bytes) stay pending, as one by
        // one; before the number's first non-zero digit, the chunk's first zeros are leading.
        let trailing = nonZero.leadingZeroBitCount >> 3
        let leading = beforeFirstNonZero ? nonZero.trailingZeroBitCount >> 3 : 0
        let added = pendingZeros + 8 - leading - trailing
        guard significantDigits + added <= ExactDecimal.maximumDigits else { return false }
        // Shifting the trailing zeros out of the word's top makes them leading zeros, which
        // do not change the value. In range: the result has at most 38 digits.
        let chunk = UInt128(EightBytes.number(ofDigitValues: values << UInt64(trailing << 3)))
        significand = significand &* ExactDecimal.powersOfTen[added] &+ chunk
        significantDigits += added
        leadingZeros += leading
        pendingZeros = trailing
        digitCount += 8
        return true
    }

    /// Adds one digit's value to the number.
    @inline(__always)
    private mutating func appendDigit(_ value: UInt32) {
        digitCount += 1
        if value == 0 {
            if significand == 0 && significantDigits == 0 {
                leadingZeros += 1
            } else {
                pendingZeros += 1
            }
            return
        }
        significantDigits += pendingZeros + 1
        if significantDigits > ExactDecimal.maximumDigits {
            overflowed = true
        } else if pendingZeros == 0 {
            significand = significand &* 10 &+ UInt128(value)
        } else {
            significand = significand * ExactDecimal.powersOfTen[pendingZeros + 1] + UInt128(value)
        }
        pendingZeros = 0
    }

    /// Records a separator after the digits read so far.
    mutating func appendSeparator(_ kind: SeparatorClass, start offset: Int, end tokenEnd: Int) {
        include(from: offset, to: tokenEnd)
        integerSignificantDigitsAtLastSeparator = significantDigits > 0 ? significantDigits + pendingZeros : 0
        guard markCount < NumberScan.maximumSeparators else {
            // Never valid (see maximumSeparators); keep reading so that a size error earlier in
            // the number is still the one reported.
            if firstUnrecordedSeparator == nil { firstUnrecordedSeparator = offset }
            return
        }
        marks[markCount] = Mark(kind: kind, length: UInt8(min(tokenEnd - offset, 255)), digitsBefore: UInt16(digitCount),
                                offset: UInt16(offset))
        markCount += 1
    }

    /// Marks the number as ending in a "no cents" dash after its last separator.
    mutating func appendDash(end tokenEnd: Int) {
        endsWithDash = true
        extend(to: tokenEnd)
    }

    /// The UTF-8 offset of the digit with a given index in the number (error reports only).
    func offset(ofDigit target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let extent else { return 0 }
        var index = extent.lowerBound
        var seen = 0
        while index < extent.upperBound {
            let (scalar, length) = Characters.decode(bytes, at: index)
            if DigitSystems.digit(scalar) != nil {
                if seen == target { return index }
                seen += 1
            }
            index += length
        }
        return extent.lowerBound
    }
}
