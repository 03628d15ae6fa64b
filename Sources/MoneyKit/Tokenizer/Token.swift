/// A currency marker found in the input: which entries of the three marker tables spell it
/// (nil where a table has no entry of exactly this extent).
struct MarkerMatch: Sendable, Equatable {
    // Stored as -1 for none, read as optionals: a match is copied with every token, placed
    // marker and amount structure, and three Optional<Int32> fields (24 bytes instead of 12)
    // cost 311 more instructions per parse, 225 of them in memcpy (callgrind over every
    // corpus amount).
    private var symbolKey: Int32 = -1
    private var wordKey: Int32 = -1
    private var nameKey: Int32 = -1

    init(symbol: Int32? = nil, word: Int32? = nil, name: Int32? = nil) {
        self.symbol = symbol
        self.word = word
        self.name = name
    }

    /// Key in ``GlobalMarkers/symbols`` (symbols of any locale, supplement forms).
    var symbol: Int32? {
        get { symbolKey < 0 ? nil : symbolKey }
        set { symbolKey = newValue ?? -1 }
    }

    /// Key in ``GlobalMarkers/words`` (ISO codes, English names and unit words, symbols and
    /// supplement forms of three or more letters, case-folded).
    var word: Int32? {
        get { wordKey < 0 ? nil : wordKey }
        set { wordKey = newValue ?? -1 }
    }

    /// Key in the locale's ``CurrencyConventions/names`` (names and unit words).
    var name: Int32? {
        get { nameKey < 0 ? nil : nameKey }
        set { nameKey = newValue ?? -1 }
    }
}

/// One token of the input: its class, with what the later stages need of it, and where it
/// stands.
struct Token: Sendable {
    /// Token classes; the state machine has a transition for each. A class carries only what
    /// the stages after the lexer read of it, so no field of a token is meaningless.
    enum Kind: Sendable, Equatable {
        /// A run of digits of one digit system (Han and Hangul digits included): the zero
        /// of that system.
        case digits(zero: UInt32)
        /// `,` `.` an apostrophe, `٫` `٬`, or a locale's own separator symbol.
        case separator(SeparatorClass)
        /// A run of spaces (and ignorable marks).
        case space
        case minus
        case plus
        case openParen
        case closeParen
        /// An em dash, which only ever follows a decimal separator (`5.—`).
        case dash
        /// A currency marker (which may also be a compact multiplier: `K`).
        case marker(MarkerToken)
        /// A CJK or Korean unit: 十百千 (exponent 1-3), 万億兆 / 만억조 (4, 8, 12).
        case unit(exponent: Int8)
        /// A yuan unit: 元 (0), 角 (-1), 分 (-2).
        case yuan(exponent: Int8)
        /// 整 or 正 after yuan units.
        case exactly
        /// 金 before a Japanese receipt amount.
        case receiptPrefix
        /// 也 after it.
        case receiptSuffix
        /// A compact multiplier (`k`, `Mio.`, `lakh`), with a particle when one follows
        /// (`millones de`).
        case multiplier(MultiplierToken)
        /// Two upper-case letters naming a region (`US`, `CA`), or a supplement qualifier
        /// (`M.N.`), after an amount: which of a symbol's currencies it is.
        case regionQualifier(QualifierName)
        /// `/-` after an amount in South Asian price tags ("exactly"), `/=` in East African ones.
        case slashDash
        /// A qualifier word of a currency's name (`australischen`, `suecas`, `台湾`): it only
        /// narrows the currency of a name or unit word next to it (§7).
        case qualifierWord
        /// A word joining a major amount to its minor part (`y`, `und`, `and`, `con`, `又`, §7).
        case joiner
        /// A number written in words (`deux cent cinquante`, §8): its value. Only the parse's
        /// second reading, in lenient mode, has such tokens.
        case spelledNumber(UInt64)
        /// A cheque's minor part as a fraction of a hundred (`56/100` of `… and 56/100
        /// dollars`, §8): the numerator and the denominator's power of ten. Only the second
        /// reading has such tokens.
        case chequeFraction(numerator: UInt64, exponent: Int8)
        /// The end of the input.
        case end

        /// Whether this is a run of digits.
        var isDigits: Bool { if case .digits = self { true } else { false } }
        /// Whether this is a separator.
        var isSeparator: Bool { if case .separator = self { true } else { false } }
        /// Whether this is a currency marker.
        var isMarker: Bool { if case .marker = self { true } else { false } }
        /// Whether this is a CJK or Korean unit.
        var isUnit: Bool { if case .unit = self { true } else { false } }
        /// Whether this is a yuan unit.
        var isYuan: Bool { if case .yuan = self { true } else { false } }
        /// Whether this is a cheque's fraction.
        var isChequeFraction: Bool { if case .chequeFraction = self { true } else { false } }
        /// Whether this is a number written in words.
        var isSpelledNumber: Bool { if case .spelledNumber = self { true } else { false } }
        /// Whether this is a compact multiplier or scale word.
        var isMultiplier: Bool { if case .multiplier = self { true } else { false } }
    }

    var kind: Kind
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset just past the last byte.
    var end: Int
}

/// What a marker token is to the state machine and to currency resolution.
struct MarkerToken: Sendable, Equatable {
    /// Which marker tables spell it.
    var match: MarkerMatch
    /// A currency, a minor unit, or (turned into a region qualifier by the lexer) a qualifier.
    var role = MarkerRole.currency
    /// When the marker's text is also a compact affix (`K`): the multiplier's power of ten.
    var compactExponent: Int8?
    /// For a scaled symbol (`TEUR`, `mdd`): the power of ten it multiplies by.
    var scale: Int8?
    /// For a marker spelled as two upper-case letters that name a region (`SR`, `BD`): the
    /// region's letters packed, in case it turns out to qualify the amount's marker.
    var region: UInt16?
}

/// A compact multiplier or scale word.
struct MultiplierToken: Sendable, Equatable {
    /// Its power of ten.
    var exponent: Int8
    /// Whether it ends with a particle (`millones de`), so that a unit word or name must follow.
    var endsWithParticle = false
    /// Whether it is a scale word, which may multiply the scale word before it (`lakh
    /// crore`), not only a compact abbreviation.
    var isScaleWord = false
}

/// What a region qualifier after an amount names (Docs/ParsingRules.md §7).
enum QualifierName: Sendable, Equatable {
    /// A region's two upper-case letters, packed (`US` of `$100 US`).
    case region(UInt16)
    /// A supplement qualifier (`M.N.`): its match says which currencies it picks.
    case supplement(MarkerMatch)
}
