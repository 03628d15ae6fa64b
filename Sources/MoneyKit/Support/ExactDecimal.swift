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

    /// The most significant digits an amount has: what `Decimal`'s 128-bit mantissa holds
    /// for every value of that many digits (§1). Parsing, arithmetic and formatting all stop here.
    static let maximumDigits = 38

    /// The largest significand with ``maximumDigits`` digits.
    static let maxSignificand: UInt128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

    /// Powers of ten that fit 128 bits: 10^0 ... 10^38.
    static let powersOfTen: [UInt128] = {
        var powers: [UInt128] = [1]
        for _ in 1...maximumDigits { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// The value as a Foundation `Decimal`, with trailing zeros moved into the exponent.
    ///
    /// Built from the significand's 16-bit words (``DecimalFields``), so that no `Decimal`
    /// arithmetic runs: Foundation's `+` and `*` allocate working arrays.
    var decimal: Decimal {
        var significand = self.significand
        var exponent = -scale
        if significand == 0 { return Decimal(0) }
        if let small = UInt64(exactly: significand) {
            // Nearly every amount: 64-bit division, where UInt128's is a library call.
            var rest = small
            while rest % 10 == 0 {
                rest /= 10
                exponent += 1
            }
            significand = UInt128(rest)
        } else {
            while significand % 10 == 0 {
                significand /= 10
                exponent += 1
            }
        }
        if exponent >= Int(Int8.min), exponent <= Int(Int8.max),
           let decimal = DecimalFields.decimal(significand: significand, exponent: Int8(exponent), isNegative: isNegative) {
            return decimal
        }
        // Out of Decimal's exponent range, or a Foundation whose layout is not the known one:
        // let Foundation's arithmetic build (or overflow) it.
        let base = UInt128(10_000_000_000_000_000_000)  // 10^19
        let magnitude = Decimal(UInt64(significand / base)) * Decimal(UInt64(base)) + Decimal(UInt64(significand % base))
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: magnitude)
    }

    /// Reads a plain decimal: optional `-`, digits, optional `.` and fraction digits, at
    /// most 38 significant digits. Used for data (corpus columns, decoding), not typed input.
    init?(plainText text: some StringProtocol) {
        guard case .success(let value) = ExactDecimal.scan(plainText: text) else { return nil }
        self = value
    }

    /// Why a text is not a plain decimal, and the UTF-8 offset where that shows (none for an
    /// empty text or one without digits).
    enum PlainTextProblem: Error, Equatable {
        case empty
        case unexpectedCharacter(offset: Int)
        case secondPoint(offset: Int)
        case noDigits
        /// More than 38 significant digits, the first past them at `offset`.
        case overflow(offset: Int)
    }

    /// The one reader of plain decimal text: the value, or where and why it is not one.
    static func scan(plainText text: some StringProtocol) -> Result<ExactDecimal, PlainTextProblem> {
        var significand: UInt128 = 0
        var scale = 0
        var isNegative = false
        var sawDigit = false
        var sawPoint = false
        var significantDigits = 0
        var pendingZeros = 0
        var length = 0
        for (position, byte) in text.utf8.enumerated() {
            length += 1
            switch byte {
            case UInt8(ascii: "-") where position == 0:
                isNegative = true
            case UInt8(ascii: "."):
                if sawPoint { return .failure(.secondPoint(offset: position)) }
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
                if significantDigits > ExactDecimal.maximumDigits { return .failure(.overflow(offset: position)) }
                significand = significand * ExactDecimal.powersOfTen[pendingZeros + 1] + digit
                pendingZeros = 0
            default:
                return .failure(.unexpectedCharacter(offset: position))
            }
        }
        guard length > 0 else { return .failure(.empty) }
        guard sawDigit else { return .failure(.noDigits) }
        // Zeros after the last non-zero digit: in the fraction they are dropped, in the
        // integer part they scale the significand.
        if pendingZeros > 0 {
            scale -= pendingZeros
        }
        return .success(ExactDecimal(significand: significand, scale: scale, isNegative: isNegative && significand != 0))
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
    /// fraction zeros: `-1234.5`, `1000`, `0.05`. NaN is `NaN`.
    public var plainText: String {
        ExactDecimal(decimal: self)?.plainText ?? "NaN"
    }
}

/// `Decimal`'s stored fields, for building a value from its mantissa words without
/// arithmetic.
///
/// `Decimal` has `NSDecimal`'s layout on every platform: an 8-bit exponent, a byte holding
/// the mantissa length in 16-bit words, the sign and the compact flag, 16 reserved bits,
/// then eight 16-bit mantissa words, least significant first. Apple platforms expose the
/// fields; swift-corelibs Foundation keeps them internal. So the value is assembled in this
/// mirror and reinterpreted, in whichever of the two known packings of the length-and-flags
/// byte a probe at first use finds Foundation building itself; when neither matches,
/// ``decimal(significand:exponent:isNegative:)`` returns nil and callers use arithmetic.
struct DecimalFields {
    var exponent: Int8
    var lengthAndFlags: UInt8
    var reserved: UInt16 = 0
    var mantissa: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// How the length-and-flags byte is packed.
    struct Packing: Equatable {
        var lengthShift: UInt8
        var negativeBit: UInt8
        var compactBit: UInt8

        /// swift-foundation (FoundationEssentials): length in the high nibble.
        static let highLength = Packing(lengthShift: 4, negativeBit: 1 << 3, compactBit: 1 << 2)
        /// swift-corelibs-foundation before it: length in the low nibble.
        static let lowLength = Packing(lengthShift: 0, negativeBit: 1 << 4, compactBit: 1 << 5)

        func byte(length: UInt8, isNegative: Bool) -> UInt8 {
            length << lengthShift | (isNegative ? negativeBit : 0) | compactBit
        }
    }

    /// The packing this Foundation uses, checked once against values it builds itself
    /// (below and above 64 bits, positive and negative); nil when neither known one matches.
    static let packing: Packing? = {
        guard MemoryLayout<DecimalFields>.size == MemoryLayout<Decimal>.size,
              MemoryLayout<DecimalFields>.alignment == MemoryLayout<Decimal>.alignment else { return nil }
        let small = Decimal(sign: .minus, exponent: -2, significand: Decimal(12345))
        let large = Decimal(sign: .plus, exponent: 3, significand: Decimal(UInt64.max) + 2)  // 2^64 + 1
        return [Packing.highLength, .lowLength].first { packing in
            let smallFields = DecimalFields(exponent: -2, lengthAndFlags: packing.byte(length: 1, isNegative: true),
                                            mantissa: (12345, 0, 0, 0, 0, 0, 0, 0))
            let largeFields = DecimalFields(exponent: 3, lengthAndFlags: packing.byte(length: 5, isNegative: false),
                                            mantissa: (1, 0, 0, 0, 1, 0, 0, 0))
            let builtSmall = unsafeBitCast(smallFields, to: Decimal.self)
            let builtLarge = unsafeBitCast(largeFields, to: Decimal.self)
            return builtSmall == small && builtSmall.description == small.description
                && builtLarge == large && builtLarge.description == large.description
        }
    }()

    /// A `Decimal`'s mantissa, exponent and sign, read from its fields; nil for NaN or when
    /// this Foundation's layout is not a known one.
    static func fields(of decimal: Decimal) -> (significand: UInt128, exponent: Int, isNegative: Bool)? {
        guard let packing, !decimal.isNaN else { return nil }
        let fields = unsafeBitCast(decimal, to: DecimalFields.self)
        let length = Int(fields.lengthAndFlags >> packing.lengthShift & 0x0F)
        var significand: UInt128 = 0
        withUnsafeBytes(of: fields.mantissa) { raw in
            for word in (0..<min(length, 8)).reversed() {
                significand = significand << 16 | UInt128(UInt16(littleEndian: raw.load(fromByteOffset: word * 2, as: UInt16.self)))
            }
        }
        return (significand, Int(fields.exponent), fields.lengthAndFlags & packing.negativeBit != 0)
    }

    /// The `Decimal` with this significand (no trailing zeros, at most 38 digits), exponent
    /// and sign; nil when this Foundation's layout is not a known one.
    static func decimal(significand: UInt128, exponent: Int8, isNegative: Bool) -> Decimal? {
        guard let packing else { return nil }
        var fields = DecimalFields(exponent: exponent, lengthAndFlags: 0)
        var length: UInt8 = 0
        withUnsafeMutableBytes(of: &fields.mantissa) { raw in
            var rest = significand
            while rest != 0 {
                raw.storeBytes(of: UInt16(truncatingIfNeeded: rest).littleEndian, toByteOffset: Int(length) * 2, as: UInt16.self)
                rest >>= 16
                length += 1
            }
        }
        fields.lengthAndFlags = packing.byte(length: length, isNegative: isNegative)
        return unsafeBitCast(fields, to: Decimal.self)
    }
}

extension ExactDecimal {
    /// Plain decimal text without trailing fraction zeros (``Decimal/plainText``), written
    /// digit by digit into one string: `fxparse parse` writes one per row, and Foundation's
    /// `Decimal.description` cost a quarter of its time.
    var plainText: String {
        let value = normalized
        guard value.significand != 0 else { return "0" }
        let digitCount = ExactDecimal.digitCount(of: value.significand)
        let integerDigits = digitCount - value.scale  // may be <= 0 (0.05) or > digitCount (1000)
        let length = (value.isNegative ? 1 : 0)
            + (value.scale <= 0 ? digitCount - value.scale
               : integerDigits > 0 ? digitCount + 1 : 2 + value.scale)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var position = 0
            func put(_ byte: UInt8) {
                buffer[position] = byte
                position += 1
            }
            if value.isNegative { put(UInt8(ascii: "-")) }
            if integerDigits <= 0 {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-integerDigits) { put(UInt8(ascii: "0")) }
            }
            // The significand's digits, most significant first, written from the right.
            let digitsStart = position
            let pointIndex = integerDigits > 0 && integerDigits < digitCount ? integerDigits : nil
            func writeDigits<Significand: BinaryInteger>(_ significand: Significand) {
                var end = digitsStart + digitCount + (pointIndex == nil ? 0 : 1)
                var remaining = significand
                for index in stride(from: digitCount - 1, through: 0, by: -1) {
                    end -= 1
                    if let pointIndex, index == pointIndex - 1 {
                        buffer[end] = UInt8(ascii: ".")
                        end -= 1
                    }
                    buffer[end] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
            }
            // 64-bit division where the significand fits: 128-bit division is a library call.
            if let small = UInt64(exactly: value.significand) {
                writeDigits(small)
            } else {
                writeDigits(value.significand)
            }
            position = digitsStart + digitCount + (pointIndex == nil ? 0 : 1)
            if value.scale < 0 {
                for _ in 0..<(-value.scale) { put(UInt8(ascii: "0")) }
            }
            return position
        }
    }

    /// The number of decimal digits of a non-zero significand.
    static func digitCount(of significand: UInt128) -> Int {
        var count = 1
        while count < powersOfTen.count, significand >= powersOfTen[count] { count += 1 }
        return count
    }
}

extension Decimal {
    /// The exact value `±significand × 10^-scale`, built as the parser builds its amounts
    /// (from the significand's words, no Decimal arithmetic). For this package's benchmark,
    /// whose byte-loop floor must pay what MoneyKit pays to hand back a `Decimal`.
    package init(significand: UInt64, scale: Int, isNegative: Bool) {
        self = ExactDecimal(significand: UInt128(significand), scale: scale, isNegative: isNegative && significand != 0).decimal
    }
}
