@testable import MoneyKit
import Testing

/// Eight bytes at a time (Sources/MoneyKit/Tokenizer/EightBytes.swift): the word tricks
/// against a byte-by-byte reading, and the number scan's eight-digit step against its
/// one-digit step.
@Suite struct EightBytesTests {
    /// Runs `body` over the bytes as the lexer and the number scan see them.
    static func withBytes<Result, Failure: Error>(
        _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = bytes.withUnsafeBufferPointer { buffer in Swift.Result { () throws(Failure) in try body(buffer) } }
        return try result.get()
    }

    @Test("Every byte value ends a run of digits at every position, and only non-digits do")
    func leadingDigitCountStopsAtTheFirstNonDigit() {
        for position in 0..<8 {
            for value in 0...255 {
                // `position` digits, the byte under test, then digits again.
                var bytes = [UInt8](repeating: UInt8(ascii: "7"), count: 8)
                for index in 0..<position { bytes[index] = UInt8(ascii: "0") + UInt8(index) }
                bytes[position] = UInt8(value)
                let isDigit = (0x30...0x39).contains(value)
                let count = Self.withBytes(bytes) { EightBytes($0, at: 0).leadingDigitCount }
                #expect(count == (isDigit ? 8 : position), "byte \(value) at \(position)")
            }
        }
        // Non-digits after the first one do not matter; bytes with the top bit set never
        // pass as digits (0xB0...0xB9 differ from the digits in that bit only).
        #expect(EightBytes(word: 0xFFFF_FFFF_FFFF_FF31).leadingDigitCount == 1)
        #expect(EightBytes(word: 0xB9B8_B7B6_B5B4_B3B2).leadingDigitCount == 0)
        #expect(EightBytes(word: 0x3938_3736_3534_3332).leadingDigitCount == 8)
    }

    @Test("Eight digits read as the number they spell", arguments: [
        ("00000000", 0), ("00000001", 1), ("10000000", 10_000_000), ("12345678", 12_345_678),
        ("99999999", 99_999_999), ("09090909", 9_090_909), ("90000009", 90_000_009), ("31415926", 31_415_926),
    ] as [(String, UInt64)])
    func eightDigitsReadAsTheirNumber(text: String, expected: UInt64) {
        let value = Self.withBytes(Array(text.utf8)) { EightBytes.number(ofDigitValues: EightBytes($0, at: 0).digitValues) }
        #expect(value == expected)
    }

    @Test("The first digits before any other byte read as their number", arguments: [
        ("1,234.56", 1, 1), ("12,34.56", 2, 12), ("123 456 ", 3, 123), ("0001x€€€", 4, 1), ("98765.43", 5, 98_765),
        ("123456€€", 6, 123_456), ("1234567\u{FF}", 7, 1_234_567), ("87654321", 8, 87_654_321),
    ] as [(String, Int, UInt64)])
    func firstDigitsReadAsTheirNumber(text: String, count: Int, expected: UInt64) {
        let (digits, value) = Self.withBytes(Array(text.utf8)) { buffer in
            let eight = EightBytes(buffer, at: 0)
            return (eight.leadingDigitCount, eight.number(ofFirst: eight.leadingDigitCount))
        }
        #expect(digits == count)
        #expect(value == expected)
    }

    @Test("Every digit in every position adds its place value")
    func everyDigitInEveryPosition() {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<20_000 {
            var digits = (0..<8).map { _ in UInt8(generator.next() % 10) }
            // Many zeros: runs of them are what the scan treats specially.
            if generator.next() % 2 == 0 { digits[Int(generator.next() % 8)] = 0 }
            let text = digits.map { UInt8(ascii: "0") + $0 }
            let expected = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1) }
            let value = Self.withBytes(text) { EightBytes.number(ofDigitValues: EightBytes($0, at: 0).digitValues) }
            #expect(value == expected, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    /// What a number scan holds, compared field by field.
    struct ScanFields: Equatable, CustomStringConvertible {
        var significand: UInt128, significantDigits: Int, pendingZeros: Int, digitCount: Int, leadingZeros: Int
        var overflowed: Bool, coefficientStart: Int?, extent: Range<Int>?

        init(_ scan: NumberScan) {
            significand = scan.significand
            significantDigits = scan.significantDigits
            pendingZeros = scan.pendingZeros
            digitCount = scan.digitCount
            leadingZeros = scan.leadingZeros
            overflowed = scan.overflowed
            coefficientStart = scan.coefficientStart
            extent = scan.extent
        }

        var description: String {
            "\(significand) \(significantDigits) sig, \(pendingZeros) pending, \(digitCount) digits, \(leadingZeros) leading, overflowed \(overflowed)"
        }
    }

    @Test("A run read eight digits at a time holds what it holds read one digit at a time")
    func eightAtATimeEqualsOneAtATime() throws {
        var generator = SplitMix64(seed: 22)
        for _ in 0..<20_000 {
            // Runs of 1 to 60 digits (past §2's 38 significant digits), in one to three
            // pieces as separators would cut them, zeros frequent and in runs.
            let length = 1 + Int(generator.next() % 60)
            var bytes: [UInt8] = []
            while bytes.count < length {
                let zeros = generator.next() % 3 == 0
                let run = 1 + Int(generator.next() % 12)
                for _ in 0..<min(run, length - bytes.count) {
                    bytes.append(UInt8(ascii: "0") + (zeros ? 0 : UInt8(generator.next() % 10)))
                }
            }
            var cuts = [0, length]
            for _ in 0..<Int(generator.next() % 3) { cuts.append(Int(generator.next() % UInt64(length + 1))) }
            cuts = Array(Set(cuts)).sorted()
            let (whole, single) = try Self.withBytes(bytes) { buffer throws(MoneyParseError) in
                var whole = NumberScan()
                var single = NumberScan()
                for (start, end) in zip(cuts, cuts.dropFirst()) {
                    try whole.appendDigits(zero: 0x30, start: start, end: end, in: buffer)
                    // Pieces of one digit never take the eight-digit step.
                    for index in start..<end { try single.appendDigits(zero: 0x30, start: index, end: index + 1, in: buffer) }
                }
                return (ScanFields(whole), ScanFields(single))
            }
            #expect(whole == single, "\(String(decoding: bytes, as: UTF8.self)) cut at \(cuts)")
        }
    }

    @Test("The lexer ends a run of ASCII digits where byte-by-byte reading ends it", arguments: [
        ("12345678", 8), ("123456789", 9), ("1234567.89", 7), ("1234567890123456,5", 16), ("12345678 €", 8),
        ("0000000000000000000000000000000000000001", 40), ("1234５６７８90x", 18), ("123", 3),
    ] as [(String, Int)])
    func lexerDigitRunEnds(text: String, expectedEnd: Int) throws {
        let token = try StageTests.withInput(text, "en_US") { bytes, profile throws(MoneyParseError) in
            var lexer = Lexer(bytes: bytes, profile: profile, hint: nil)
            return try lexer.next()
        }
        #expect(token.kind == .digits(zero: 0x30))
        #expect(token.start == 0)
        #expect(token.end == expectedEnd)
    }
}
