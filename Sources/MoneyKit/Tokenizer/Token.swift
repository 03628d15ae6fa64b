/// A currency marker found in the input: which entries of the three marker tables spell
/// it (each -1 when that table has no entry of exactly this extent).
struct MarkerMatch: Sendable, Equatable {
    /// Key in ``GlobalMarkers/symbols`` (symbols of any locale, supplement forms).
    var symbol: Int32 = -1
    /// Key in ``GlobalMarkers/words`` (ISO codes, English names and unit words, symbols and
    /// supplement forms of three or more letters, case-folded).
    var word: Int32 = -1
    /// Key in the locale's ``CurrencyConventions/names`` (names and unit words).
    var name: Int32 = -1
}

/// One token of the input.
struct Token: Sendable {
    /// Token classes; the state machine has a transition for each.
    enum Kind: UInt8, Sendable {
        /// A run of digits of one digit system (Han and Hangul digits included).
        case digits
        /// `,` `.` an apostrophe, `٫` `٬`, or a locale's own separator symbol.
        case separator
        /// A run of spaces (and ignorable marks).
        case space
        case minus
        case plus
        case openParen
        case closeParen
        /// An em dash, which only ever follows a decimal separator (`5.—`).
        case dash
        /// A currency marker (which may also be a compact multiplier: `K`).
        case marker
        /// A CJK or Korean unit: 十百千 (exponent 1-3), 万億兆 / 만억조 (4, 8, 12).
        case unit
        /// A yuan unit: 元 (0), 角 (-1), 分 (-2).
        case yuan
        /// 整 or 正 after yuan units.
        case exactly
        /// 金 before a Japanese receipt amount.
        case receiptPrefix
        /// 也 after it.
        case receiptSuffix
        /// A compact multiplier (`k`, `Mio.`, `lakh`), with a particle when one follows
        /// (`millones de`).
        case multiplier
        /// Two upper-case letters naming a region (`US`, `CA`), or a supplement qualifier
        /// (`M.N.`), after an amount: which of a symbol's currencies it is.
        case regionQualifier
        /// `/-` after an amount in South Asian price tags ("exactly"), `/=` in East African ones.
        case slashDash
        /// A qualifier word of a currency's name (`australischen`, `suecas`, `台湾`): it only
        /// narrows the currency of a name or unit word next to it (§7).
        case qualifierWord
        /// A word joining a major amount to its minor part (`y`, `und`, `and`, `con`, `又`, §7).
        case joiner
        /// The end of the input.
        case end
    }

    var kind: Kind
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset just past the last byte.
    var end: Int
    /// For ``Kind/separator``.
    var separator: SeparatorClass = .comma
    /// For ``Kind/digits``: the zero of the run's digit system.
    var digitZero: UInt32 = 0
    /// For ``Kind/marker``.
    var marker = MarkerMatch()
    /// For units, yuan units and multipliers: the power of ten. For a marker that is also a
    /// compact affix: the multiplier's power of ten, else -1.
    var exponent: Int8 = -1
    /// For ``Kind/marker``: what it is to the state machine.
    var role = MarkerRole.currency
    /// For ``Kind/marker``: the power of ten a scaled symbol (`TEUR`) multiplies by, else -1.
    var scale: Int8 = -1
    /// For ``Kind/multiplier``: whether it ends with a particle (`millones de`), so that a
    /// unit word or name must follow.
    var endsWithParticle = false
    /// For ``Kind/multiplier``: whether it is a scale word, which may multiply the scale word
    /// before it (`lakh crore`), not only a compact abbreviation.
    var isScaleWord = false
    /// For ``Kind/regionQualifier``, and a marker spelled as two upper-case letters that
    /// name a region (`SR`, `BD`): the region's letters packed (0 for a supplement
    /// qualifier such as `M.N.`, whose ``marker`` says which currencies it picks).
    var region: UInt16 = 0
}
