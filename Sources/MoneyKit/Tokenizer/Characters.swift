/// SPEC section 3: which characters are equivalent, ignorable, spaces, apostrophes or
/// minus signs, and how UTF-8 is decoded on the hot path.
enum Characters {
    /// Bidi marks and zero-width characters, ignored anywhere in the input.
    @inline(__always)
    static func isIgnorable(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x200E, 0x200F, 0x061C, 0x200B, 0x2060, 0xFEFF: true
        default: false
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
    /// space to U+0020 and every apostrophe to U+0027.
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
        case 0xA0, 0x202F, 0x2009, 0x2007, 0x3000: return 0x20
        default: return scalar
        }
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
