/// The shape most amounts take, read in one pass over the bytes: the parser tries it first
/// and hands every other input to the general machine (lexer, state machine, currency
/// resolution). It has no rules of its own: every text it reads is one the general machine
/// reads to the same money (Docs/ParsingRules.md §3 and §4), which `CommonShapeTests`
/// checks on every corpus row and the `fuzz-shortcut` target on random and mutated
/// inputs. It declines (returns nil) rather than decide anything the general rules decide.
///
/// The shape, per locale (lenient mode, and no currency hint other than the locale's own):
/// - an optional minus first: `-` or another of §2's minus signs (`−` as ICU writes it in
///   Nordic locales, `–`, `‐`, `﹣`, `－`);
/// - at most one marker, before or after the number: the standard or narrow symbol of the
///   region's currency as ICU writes it in the locale (and its ordinary form, `¥` for `￥`),
///   or its upper-case ISO code; between marker and digits nothing, or one space (ASCII,
///   no-break or narrow no-break);
/// - ASCII digits, not starting with a `0` unless the integer part is that `0`, at most 18
///   of them (so that they fit a `UInt64`);
/// - grouped exactly as the locale's currency pattern groups (the first group 1 to
///   "secondary" digits, the others "secondary", the last "primary"), or not grouped, with
///   the locale's monetary grouping symbol, or any space when that symbol is a space, or
///   any apostrophe when it is an apostrophe (§2);
/// - the locale's monetary decimal symbol followed by 1 to the currency's minor-unit count
///   of digits, or no decimal part.
///
/// Every locale fact comes from the profile (so from ICU); a locale whose region has no
/// currency, whose currency has a format of its own (`CVE` in pt_CV), or whose separators
/// are not two distinct non-digits has no common shape.
///
/// A class: the parser reaches it through the profile with no copy of its tables.
final class CommonShape: Sendable {
    /// The region's currency: the one every reading has.
    let currency: Currency
    /// Its minor-unit digits (held here: the hot path does not look them up).
    let minorUnits: Int
    /// The currency's symbols as the locale writes them, their ordinary forms, and its code.
    let markers: ByteAlternatives
    /// What may stand between a marker and the digits (besides nothing).
    let spaces: ByteAlternatives
    /// The minus signs of §2.
    let minusSigns: ByteAlternatives
    /// The grouping separators.
    let grouping: ByteAlternatives
    /// The decimal separator.
    let decimal: InlineBytes
    /// Digits in the group before the decimal separator (0: the locale does not group).
    let primaryGroup: Int
    /// Digits in each earlier group.
    let secondaryGroup: Int

    /// The spaces the shape reads: ASCII, no-break and narrow no-break (the ones ICU and
    /// keyboards write; the general machine reads every space of §2).
    private static let spaceTexts = [" ", "\u{A0}", "\u{202F}"]
    /// The minus signs of §2 (hyphen-minus, minus sign, hyphen, en dash, small and fullwidth
    /// hyphen-minus): `Characters.isMinus`.
    private static let minusTexts = ["-", "\u{2212}", "\u{2010}", "\u{2013}", "\u{FE63}", "\u{FF0D}"]
    /// The apostrophes of §2 (`'` `’` `ʼ` `‘`).
    private static let apostropheTexts = ["'", "\u{2019}", "\u{2BC}", "\u{2018}"]
    /// The alternatives that are the same in every locale, built once and shared by every
    /// profile's shape (each is an object of about 200 bytes, read on every parse: one
    /// shared object stays in the processor's caches where 805 copies would not).
    private static let sharedSpaces = ByteAlternatives(spaceTexts)
    private static let sharedMinusSigns = ByteAlternatives(minusTexts)
    private static let sharedApostrophes = ByteAlternatives(apostropheTexts)
    /// The most digits read: a `UInt64` holds any 18 decimal digits.
    static let maximumDigits = 18

    /// The locale's common shape, or nil when it has none (see the type's description).
    init?(currency: Currency?, numbers: NumberConventions, formatting: FormattingConventions,
          displays: CurrencyConventions.Displays) {
        guard let currency, formatting.ownFormats[currency.index] == nil,
              let decimal = InlineBytes(numbers.monetaryDecimalSymbol) else { return nil }
        let groupingSymbol = numbers.monetaryGroupingSymbol
        let decimalSymbol = numbers.monetaryDecimalSymbol
        func isSeparator(_ text: String) -> Bool {
            !text.isEmpty && !text.unicodeScalars.contains {
                $0.properties.numericType != nil || Characters.isIgnorable($0.value) || $0 == "-"
            }
        }
        guard isSeparator(decimalSymbol), isSeparator(groupingSymbol), decimalSymbol != groupingSymbol,
              !decimalSymbol.unicodeScalars.contains(where: { Characters.isSpace($0.value) }) else { return nil }
        // The grouping symbol and its equivalents (§2: every space is one space, every apostrophe one apostrophe).
        let scalars = Array(groupingSymbol.unicodeScalars)
        let groupingTexts: [String]
        let grouping: ByteAlternatives
        if scalars.count == 1, Characters.isSpace(scalars[0].value) {
            (groupingTexts, grouping) = (CommonShape.spaceTexts, CommonShape.sharedSpaces)
        } else if scalars.count == 1, Characters.isApostrophe(scalars[0].value) {
            (groupingTexts, grouping) = (CommonShape.apostropheTexts, CommonShape.sharedApostrophes)
        } else {
            groupingTexts = [groupingSymbol]
            grouping = ByteAlternatives(groupingTexts)
        }
        guard !groupingTexts.contains(decimalSymbol) else { return nil }
        // The markers: symbols with neither digits, signs, spaces at their ends nor
        // ignorable characters, and the code.
        let display = displays[Int(currency.index)]
        var markerTexts: [String] = []
        for symbol in [display.symbol, display.narrowSymbol] {
            let symbolScalars = Array(symbol.unicodeScalars)
            guard let first = symbolScalars.first, let last = symbolScalars.last,
                  !Characters.isSpace(first.value), !Characters.isSpace(last.value),
                  !symbolScalars.contains(where: { $0.properties.numericType != nil || Characters.isIgnorable($0.value)
                                              || Characters.isMinus($0.value) || $0 == "+" || $0 == "(" || $0 == ")" }),
                  !groupingTexts.contains(symbol), symbol != decimalSymbol else { continue }
            markerTexts.append(symbol)
            let ordinary = String(String.UnicodeScalarView(symbolScalars.map { Unicode.Scalar(Characters.canonical($0.value)) ?? $0 }))
            markerTexts.append(ordinary)
        }
        markerTexts.append(currency.code)
        let pattern = formatting.currencyPattern
        self.currency = currency
        self.minorUnits = currency.minorUnits
        self.markers = ByteAlternatives(markerTexts)
        self.spaces = CommonShape.sharedSpaces
        self.minusSigns = CommonShape.sharedMinusSigns
        self.grouping = grouping
        self.decimal = decimal
        self.primaryGroup = pattern.primaryGrouping
        self.secondaryGroup = pattern.secondaryGrouping > 0 ? pattern.secondaryGrouping : pattern.primaryGrouping
    }

    /// Reads the text if it has the common shape; nil hands it to the general machine.
    ///
    /// One forward pass: sign, marker, integer digits and groups, decimal part, marker. Each
    /// `return nil` is a place where the shape ends and the general rules take over.
    @inline(__always)
    func read(_ text: UnsafeBufferPointer<UInt8>) -> Money? {
        let end = text.count
        var index = 0
        // A leading minus.
        let minusLength = minusSigns.longestMatch(in: text, at: 0)
        let isNegative = minusLength > 0
        index = minusLength
        // A marker before the number, and one space after it.
        var marked = false
        if index < end, text[index] &- UInt8(ascii: "0") >= 10 {
            let length = markers.longestMatch(in: text, at: index)
            guard length > 0 else { return nil }
            index += length
            index += spaces.longestMatch(in: text, at: index)
            marked = true
        }
        // The integer digits. `&-` turns every byte below "0" into a large value, so one
        // comparison tells a digit.
        let numberStart = index
        var significand: UInt64 = 0
        var digits = 0
        var groups = 0
        var groupLength = 0
        while index < end {
            if end - index >= 8 {
                // Up to eight digits in one step (a group, or a short amount, ends inside the
                // eight bytes; an ungrouped long one takes a step per eight digits).
                let eight = EightBytes(text, at: index)
                let count = eight.leadingDigitCount
                if count > 0 {
                    guard digits + count <= CommonShape.maximumDigits else { return nil }
                    significand = significand &* EightBytes.powersOfTen[count] &+ eight.number(ofFirst: count)
                    digits += count
                    groupLength += count
                    index += count
                    if count == 8 { continue }
                }
            } else if text[index] &- UInt8(ascii: "0") < 10 {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digits < CommonShape.maximumDigits else { return nil }
                significand = significand &* 10 &+ UInt64(digit)
                digits += 1
                groupLength += 1
                index += 1
                continue
            }
            // A grouping separator counts only between digits (`5 €` in fr_FR ends the
            // number at the space: it is the marker's).
            let separator = primaryGroup > 0 ? grouping.longestMatch(in: text, at: index) : 0
            guard separator > 0, index + separator < end, text[index + separator] &- UInt8(ascii: "0") < 10 else { break }
            // §3 Grouping: the first group has 1 to "secondary" digits, the others exactly "secondary".
            guard groupLength >= 1, groupLength <= secondaryGroup, groups == 0 || groupLength == secondaryGroup else {
                return nil
            }
            groups += 1
            groupLength = 0
            index += separator
        }
        // §3: a leading zero starts no longer integer part (`05`, and `0,500`, which is no group).
        guard digits > 0, digits == 1 || text[numberStart] != UInt8(ascii: "0") else { return nil }
        if groups > 0, groupLength != primaryGroup { return nil }
        // The decimal part.
        var scale = 0
        if decimal.occurs(in: text, at: index) {
            index += decimal.count
            while index < end {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                guard digits < CommonShape.maximumDigits else { return nil }
                significand = significand &* 10 &+ UInt64(digit)
                digits += 1
                scale += 1
                index += 1
            }
            // Surplus digits, and a decimal separator with none after it, are the general rules'.
            guard scale > 0, scale <= minorUnits else { return nil }
        } else if groups == 1, minorUnits >= 3 {
            // §3 rule 4: one separator before exactly three digits is the currency's to decide.
            return nil
        }
        // A marker after the number (and one space before it), ending the text.
        if index < end {
            guard !marked else { return nil }
            index += spaces.longestMatch(in: text, at: index)
            guard markers.isRest(of: text, from: index) else { return nil }
        }
        let amount = ExactDecimal(significand: UInt128(significand), scale: scale, isNegative: isNegative && significand != 0)
        return Money(amount.decimal, currency)
    }
}
