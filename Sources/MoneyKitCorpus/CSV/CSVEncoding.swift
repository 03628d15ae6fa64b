/// Writing CSV fields (RFC 4180, the corpus format) straight into a byte buffer, and the
/// UTF-8 check the reader leaves to its consumers.
///
/// Written here rather than with CSV.swift's `CSVWriter`: that writer doubles quotes with
/// `replacingOccurrences(of:with:)`, which compares whole characters, so a quote followed
/// by a combining mark (`"\u{09E3}`) was written undoubled and the mark was lost on reading
/// back (found by fuzzing the CSV input; reliability.csv rel-114). Here every quote byte is
/// doubled.
public enum CSVEncoding {
    /// Appends one field, quoted when ``mustQuote(_:)`` says so, with each quote doubled.
    public static func append(_ field: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard mustQuote(field) else {
            output.append(contentsOf: field)
            return
        }
        output.append(0x22)
        // The bytes between quotes in one append each, each quote doubled (appended a byte
        // at a time, each byte's append checked the array's capacity and uniqueness).
        var rest = field[...]
        while let quote = rest.firstIndex(of: 0x22) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: rest[...quote]))
            output.append(0x22)
            rest = rest[(quote + 1)...]
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: rest))
        output.append(0x22)
    }

    /// Appends one field given as a string.
    public static func append(_ field: String, to output: inout [UInt8]) {
        var field = field
        field.withUTF8 { append($0, to: &output) }
    }

    /// Appends a record and its line break (LF).
    public static func appendRecord(_ fields: [String], to output: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(0x2C) }
            append(field, to: &output)
        }
        output.append(0x0A)
    }

    /// Fields with a quote, a comma, a line break, or white space at either end are quoted
    /// (the corpus format; the reader keeps such spaces, quoted or not, but other tools trim).
    public static func mustQuote(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = field.first, let last = field.last else { return false }
        for byte in field where byte <= 0x2C {
            if byte == 0x22 || byte == 0x2C || byte == 0x0A || byte == 0x0D { return true }
        }
        if first < 0x80 ? isASCIIWhitespace(first) : mayBeWhitespace(field, at: 0) && firstScalar(of: field).properties.isWhitespace {
            return true
        }
        if last < 0x80 {
            return isASCIIWhitespace(last)
        }
        let lastStart = lastScalarStart(of: field)
        return mayBeWhitespace(field, at: lastStart)
            && firstScalar(of: UnsafeBufferPointer(rebasing: field[lastStart...])).properties.isWhitespace
    }

    /// Whether the scalar whose UTF-8 starts at `index` can be white space at all: every
    /// non-ASCII White_Space scalar (U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
    /// U+202F, U+205F, U+3000) starts with C2, E1, E2 80, E2 81 or E3 80. A cheap filter
    /// before the property lookup, which amounts ending in `€` or `₽` would pay on every row.
    private static func mayBeWhitespace(_ field: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch field[index] {
        case 0xC2, 0xE1: return true
        case 0xE2: return index + 1 < field.count && (field[index + 1] == 0x80 || field[index + 1] == 0x81)
        case 0xE3: return index + 1 < field.count && field[index + 1] == 0x80
        default: return false
        }
    }

    /// ``mustQuote(_:)`` for a string.
    public static func mustQuote(_ field: String) -> Bool {
        var field = field
        return field.withUTF8 { mustQuote($0) }
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func firstScalar(of field: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var iterator = field.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// Where the last scalar of a non-empty field starts.
    private static func lastScalarStart(of field: UnsafeBufferPointer<UInt8>) -> Int {
        var start = field.count - 1
        while start > 0, field.count - start < 4, field[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF), without building a string: the standard library's only validator,
    /// `String(validating:)`, allocates a string for every field longer than 15 bytes.
    public static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
