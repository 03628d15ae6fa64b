/// A currency marker as it stood in the input.
struct PlacedMarker {
    var match: MarkerMatch
    var start: Int
    var end: Int
    var side: MarkerSide
    /// When the marker's text is also a compact affix attached to the number (`K`), the
    /// multiplier's power of ten. Currency resolution decides which it is.
    var multiplier: Int8?
    /// Whether the marker stands right after the number, with no space (`35€`).
    var touchesNumber = false
    /// The qualifier words next to the marker (`australischen` of `australischen Dollar`,
    /// §7): their UTF-8 range, if there are any (32-bit offsets: inputs are short, and this
    /// structure is copied on the hot path).
    var qualifier: Range<Int32>?
}

/// Digits after the amount's marker (Docs/ParsingRules.md §7): a minor part (`5 zł 50 gr`,
/// `20 euros 50`, `十美元又五十美分`) or, with no minor-unit form after them, the minor digits
/// of a price tag (`35€99`).
struct TrailingDigits {
    /// The value of the last run of digits (meaningful up to 38 digits).
    var value: UInt128 = 0
    /// How many digits that run has.
    var count = 0
    /// The terms of CJK units read before it (五十: 50), and the last unit's power of ten
    /// (nil: no unit).
    var unitTerms: UInt64 = 0
    var lastUnit: Int8?
    /// The zero of their digit system.
    var zero: UInt32 = 0
    /// UTF-8 range in the input.
    var start = 0
    var end = 0
    /// Whether the digits are a cheque's fraction (`56/100`, §8): `count` is then the
    /// denominator's power of ten, which must be the currency's minor digits.
    var isChequeFraction = false

    /// The whole value: the unit terms and the last run.
    var total: UInt128 { UInt128(unitTerms) + value }

    /// How many digits the value is written with (for a numeral with units, the digits of
    /// its value).
    var digitCount: Int {
        guard lastUnit != nil else { return count }
        var digits = 0
        var rest = total
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}

/// A region qualifier after an amount (Docs/ParsingRules.md §7).
struct Qualifier {
    /// The region (`US`) or supplement qualifier (`M.N.`) it names.
    var name: QualifierName
    /// UTF-8 range in the input.
    var start: Int
    var end: Int
}

/// What the state machine read: the number, its sign, up to two markers, and the parts of
/// §7's everyday forms.
struct AmountStructure {
    var number = NumberScan()
    var isNegative = false
    /// Whether the sign was a trailing minus (a Japanese receipt's "exactly" for yen).
    var trailingMinus = false
    var firstMarker: PlacedMarker?
    var secondMarker: PlacedMarker?
    /// A compact multiplier standing before the number (sw: `elfu 1,5`): power of ten, offset.
    var prefixMultiplier: (exponent: Int8, offset: Int)?
    /// A minor-unit form after the number (`50 cents`) or after the trailing digits (`5 zł 50 gr`).
    var minorMarker: PlacedMarker?
    /// Digits after the marker (`5 zł 50 gr`, `35€99`).
    var trailingDigits: TrailingDigits?
    /// A region qualifier after the amount (`$100 US`, `$5 M.N.`).
    var qualifier: Qualifier?

    /// An empty structure. Inlined so that it is built where it lives (in the state machine),
    /// not built aside and copied there (672 bytes, 66 instructions a parse).
    @inline(__always)
    init() {}
}
