/// Docs/ParsingRules.md §2: which characters are equivalent, ignorable, spaces, apostrophes
/// or minus signs, which are letters of scripts that separate words with spaces (§7's word
/// boundaries), and how UTF-8 is decoded on the hot path.
enum Characters {
    /// Bidi marks and zero-width characters (spaces, joiners and non-joiners), ignored
    /// anywhere in the input: ICU writes the joiners inside Indic and Sinhala names
    /// (`ಡಾಲರ್‌`, `ශ්‍රී`), where people type them or not.
    @inline(__always)
    static func isIgnorable(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x61C else { return false }
        switch scalar {
        case 0x200E, 0x200F, 0x061C, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: return true
        default: return false
        }
    }

    /// The space class: ASCII space, NBSP, narrow NBSP, thin, figure and ideographic
    /// spaces, tab, CR and LF.
    @inline(__always)
    static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0xA0, 0x202F, 0x2009, 0x2007, 0x3000, 0x09, 0x0D, 0x0A: true
        default: false
        }
    }

    /// The apostrophe class (a grouping separator only).
    @inline(__always)
    static func isApostrophe(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x27, 0x2019, 0x02BC, 0x2018: true
        default: false
        }
    }

    /// The minus class: hyphen-minus, minus sign, hyphen, en dash, small and fullwidth
    /// hyphen-minus. (A locale's own minus, bidi marks stripped, is one of these in ICU 72.)
    @inline(__always)
    static func isMinus(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0x2212, 0x2010, 0x2013, 0xFE63, 0xFF0D: true
        default: false
        }
    }

    /// The em dash, which only ever means "no cents" after a decimal separator (`Fr. 5.—`).
    static let emDash: UInt32 = 0x2014

    /// Maps a scalar to its ordinary form: fullwidth ASCII forms to ASCII (so `１`, `，`,
    /// `＄` and `Ｕ` are `1`, `,`, `$` and `U`), `￥` `￡` `￦` `￠` to `¥` `£` `₩` `¢`, every
    /// space to U+0020, every apostrophe to U+0027 and the typographic double quotes `“ ”`
    /// to U+0022 (`ש”ח` is `ש"ח`).
    @inline(__always)
    static func canonical(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 {
            return scalar == 0x09 || scalar == 0x0A || scalar == 0x0D ? 0x20 : scalar
        }
        switch scalar {
        case 0xFF01...0xFF5E: return scalar - 0xFF01 + 0x21
        case 0xFFE5: return 0xA5
        case 0xFFE1: return 0xA3
        case 0xFFE6: return 0x20A9
        case 0xFFE0: return 0xA2
        case 0x2019, 0x02BC, 0x2018: return 0x27
        case 0x201C, 0x201D: return 0x22
        case 0xA0, 0x202F, 0x2009, 0x2007, 0x3000: return 0x20
        default: return scalar
        }
    }

    /// Whether a scalar is a letter, a combining mark or a CJK or Korean numeral (Unicode
    /// general categories L and M, and ``Numerals``, whose 〇 is a number letter).
    @inline(__always)
    static func isWordCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIILetter(UInt8(scalar)) }
        // The no-break space, general punctuation (the other spaces, dashes, quotes,
        // ignorable marks) and the currency signs, which hold no letter: no property lookup.
        if scalar == 0xA0 || scalar >= 0x2000 && scalar < 0x2070 || scalar >= 0x20A0 && scalar < 0x20D0 { return false }
        // The letters of Latin, Greek, Cyrillic, Arabic... from a bit table (a name's letters
        // took 7 million instructions of property lookups in ru's first parse).
        if scalar < 0x1000, wordLetterBits[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 { return true }
        return isLetterOrMark(scalar) || Numerals.kind(scalar) != nil
    }

    /// Whether a byte is an ASCII letter, `A`-`Z` or `a`-`z` (setting bit 5 maps the capitals
    /// onto the small letters and no other byte into them).
    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26
    }

    /// Whether a canonical scalar is a letter (or combining mark) of a script that separates
    /// words with spaces — Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic and the
    /// other scripts of Arabic's block, the Indic scripts — and not of Han, Kana, Hangul, Thai,
    /// Lao, Tibetan or Myanmar, which do not. A marker, unit word or multiplier that begins or
    /// ends with such a letter must not touch another one on that side (§7).
    @inline(__always)
    static func isWordLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIILetter(UInt8(scalar)) }
        if scalar < 0x1000 { return wordLetterBits[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 }
        switch scalar {
        case 0x10A0...0x10FF, 0x1AB0...0x1AFF, 0x1C90...0x1CBF, 0x1DC0...0x1FFF, 0x2C60...0x2C7F, 0x2DE0...0x2DFF,
             0xA640...0xA69F, 0xA720...0xA7FF, 0xFB00...0xFDFF, 0xFE70...0xFEFF:
            return isLetterOrMark(scalar)
        default:
            return false
        }
    }

    /// Bits for U+0000-U+0FFF: letters and marks of Latin, Greek, Cyrillic, Armenian, Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko and the Indic blocks (U+0900-U+0DFF), from the standard
    /// library's Unicode data. A raw buffer, never freed (read on the hot path).
    nonisolated(unsafe) private static let wordLetterBits: UnsafeBufferPointer<UInt64> = {
        let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 0x1000 / 64)
        buffer.initialize(repeating: 0)
        for scalar in UInt32(0x80)..<0x1000 where scalar < 0xE00 && isLetterOrMark(scalar) {
            buffer[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
        }
        return UnsafeBufferPointer(buffer)
    }()

    /// Out of line: inlined into ``isWordLetter(_:)``, the generic property lookup made every
    /// caller fetch two type metadata records on entry, even for ASCII.
    @inline(never)
    static func isLetterOrMark(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// Whether the first scalar at or after `index` that is not ignorable is a word letter (§7).
    @inline(__always)
    static func wordLetterFollows(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var index = index
        while index < bytes.count {
            let (scalar, length) = decode(bytes, at: index)
            if !isIgnorable(scalar) { return isWordLetter(canonical(scalar)) }
            index += length
        }
        return false
    }

    /// Decodes the scalar starting at `index` in valid UTF-8 (Swift strings always are).
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// The start of the scalar that ends at `end` (exclusive), not before `lowerBound`.
    @inline(__always)
    static func startOfScalar(endingAt end: Int, notBefore lowerBound: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = max(end - 1, lowerBound)
        while start > lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// Writes a scalar's UTF-8 bytes through `body`.
    @inline(__always)
    static func forEachUTF8Byte(of scalar: UInt32, _ body: (UInt8) -> Void) {
        switch scalar {
        case 0..<0x80:
            body(UInt8(scalar))
        case 0x80..<0x800:
            body(UInt8(0xC0 | scalar >> 6))
            body(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            body(UInt8(0xE0 | scalar >> 12))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        default:
            body(UInt8(0xF0 | scalar >> 18))
            body(UInt8(0x80 | scalar >> 12 & 0x3F))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
