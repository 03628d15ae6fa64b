/// Writes an amount the way ICU's number formatter does, from a locale's cached
/// ``FormattingConventions`` (no ICU call): pattern affixes with the currency text, the
/// locale's signs and digits, grouping with minimum grouping digits, and ICU's currency
/// spacing (a no-break space between a currency that ends in a letter and a digit).
struct MoneyRenderer {
    /// Which currency text replaces `¤`.
    enum CurrencyText: Int {
        case symbol = 0
        case narrowSymbol = 1
        case isoCode = 2
    }

    let formatting: FormattingConventions
    let displays: CurrencyConventions.Displays
    /// The bundle's symbols as strings (a formatter's), or nil to look each one up: a
    /// profile checking ICU's output while it is built renders a few amounts, and a locale
    /// that only parses never builds the strings.
    let symbols: CurrencyNames.DisplayedSymbols?

    /// An amount as the ASCII digits to show: the integer part and exactly the number of
    /// fraction digits the style shows (already rounded). Text, not integers, because a
    /// `Decimal` may hold up to 165 integer digits.
    struct Digits {
        let integer: String
        let fraction: String
        let isNegative: Bool

        /// Whether every digit shown is zero (a negative amount may round to zero).
        var isZero: Bool {
            integer.utf8.allSatisfy { $0 == 0x30 } && fraction.utf8.allSatisfy { $0 == 0x30 }
        }

        /// Digits given as ASCII text (an editor's typed digits).
        init(integer: String, fraction: String, isNegative: Bool) {
            self.integer = integer
            self.fraction = fraction
            self.isNegative = isNegative
        }

        /// Splits an exact value whose scale is at most `fractionDigits`.
        init(_ value: ExactDecimal, fractionDigits: Int, isNegative: Bool) {
            precondition(value.scale <= fractionDigits)
            self.isNegative = isNegative
            (integer, fraction) = Digits.withASCIIDigits(of: value.significand) { significand in
                let count = significand.count
                let zeros = max(-value.scale, 0)
                // Integer digits: the significand's leading ones, then zeros for a negative scale.
                let integerDigits = value.significand == 0 ? 0 : max(count - max(value.scale, 0), 0)
                let integer = integerDigits == 0 ? "0" : Digits.text(count: integerDigits + zeros) { position in
                    position < integerDigits ? significand[position] : 0x30
                }
                // Fraction digits: zeros before a short significand, its trailing digits, zeros to the width.
                let shownScale = max(value.scale, 0)
                let leading = value.significand == 0 ? 0 : shownScale - min(count, shownScale)
                let fraction = Digits.text(count: fractionDigits) { position in
                    if value.significand == 0 || position >= shownScale || position < leading { return 0x30 }
                    return significand[count - shownScale + position]
                }
                return (integer, fraction)
            }
        }

        /// The ASCII digits of an integer (at most 39), in a stack buffer.
        private static func withASCIIDigits<Result>(of value: UInt128, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
                var end = 40
                // Two 64-bit halves of at most 19 digits each: one 128-bit division in all.
                let (high, low) = value.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
                var rest = UInt64(low)
                var written = 0
                repeat {
                    end -= 1
                    buffer[end] = UInt8(rest % 10) + 0x30
                    rest /= 10
                    written += 1
                } while rest != 0 && written < 19
                if high != 0 {
                    while written < 19 {
                        end -= 1
                        buffer[end] = 0x30
                        written += 1
                    }
                    var upper = UInt64(high)
                    repeat {
                        end -= 1
                        buffer[end] = UInt8(upper % 10) + 0x30
                        upper /= 10
                    } while upper != 0
                }
                return body(UnsafeBufferPointer(rebasing: buffer[end..<40]))
            }
        }

        /// ASCII text of `count` bytes given by position.
        private static func text(count: Int, _ byte: (Int) -> UInt8) -> String {
            String(unsafeUninitializedCapacity: count) { buffer in
                for position in 0..<count { buffer[position] = byte(position) }
                return count
            }
        }

        /// The plural-rule operands of the number as shown.
        var operands: PluralRules.Operands {
            // ICU evaluates the operands as binary doubles (DecimalQuantity::getPluralOperand):
            // the integer part loses its low digits beyond 2^53 (999999999999999999 is i = n =
            // 10^18, whose last digit is 0), and n can lose the fraction (1000000000000000.007
            // is n = 10^15). To choose the word ICU chooses, i and n are computed the same
            // way; the digits written are exact, and nothing else uses these doubles.
            // Beyond 30 digits only the low digits matter to CLDR rules (moduli up to 10^6):
            // keep them, above any value a rule compares with.
            var integerValue: UInt128
            if integer.utf8.count > 30 {
                integerValue = ExactDecimal.powersOfTen[30] + UInt128(integer.suffix(6))!
            } else {
                integerValue = UInt128(integer)!
                if integerValue > 1 << 53, let approximate = Double(integer) { integerValue = UInt128(approximate) }
            }
            let fractionValue = UInt128(fraction.prefix(30)) ?? 0
            var wholeN: UInt128? = fractionValue == 0 ? integerValue : nil
            if fractionValue != 0, let approximate = Double(integer + "." + fraction),
               approximate == approximate.rounded(.towardZero), approximate < 1e36 {
                wholeN = UInt128(approximate)
            }
            return PluralRules.Operands(integer: integerValue, fraction: fractionValue,
                                        fractionDigitCount: min(fraction.utf8.count, 30), wholeN: wholeN)
        }
    }

    /// Writes the number part: digits in the locale's script, grouped, with the decimal symbol.
    /// `minimumGroupingDigits` overrides the locale's (compact notation groups only from two).
    func appendNumber(_ digits: Digits, pattern: NumberPattern, decimalSymbol: String, groupingSymbol: String,
                      grouping: Bool, minimumGroupingDigits: Int? = nil, to text: inout UTF8Builder) {
        let count = digits.integer.utf8.count
        let primary = pattern.primaryGrouping
        let secondary = pattern.secondaryGrouping > 0 ? pattern.secondaryGrouping : primary
        let groups = grouping && primary > 0 && count - primary >= (minimumGroupingDigits ?? formatting.minimumGroupingDigits)
        let digitBytes = formatting.digitUTF8
        var position = 0
        let integerStart = text.position
        for byte in digits.integer.utf8 {
            if groups, position > 0 {
                let remaining = count - position
                if remaining == primary || (remaining > primary && (remaining - primary) % secondary == 0) {
                    let start = text.position
                    text.append(groupingSymbol)
                    text.mark(.groupingSeparator, from: start)
                }
            }
            text.append(packed: digitBytes[Int(byte &- 0x30)])
            position += 1
        }
        text.mark(.integer, from: integerStart)
        if !digits.fraction.isEmpty {
            let separatorStart = text.position
            text.append(decimalSymbol)
            text.mark(.decimalSeparator, from: separatorStart)
            let fractionStart = text.position
            for byte in digits.fraction.utf8 { text.append(packed: digitBytes[Int(byte &- 0x30)]) }
            text.mark(.fraction, from: fractionStart)
        }
    }

    /// The sign type ICU resolves for a number shown with a sign display
    /// (`resolveSignDisplay` in number_patternstring.cpp): a negative amount that rounds to
    /// zero is negative zero, which `automatic` and `always` write with a minus sign.
    static func signType(_ digits: Digits, display: MoneyFormatter.SignDisplay) -> NumberPattern.SignType {
        switch display {
        case .automatic: return digits.isNegative ? .negative : .positive
        case .never: return .positive
        case .always(let showZero):
            if digits.isNegative { return !showZero && digits.isZero ? .positive : .negative }
            return !showZero && digits.isZero ? .positive : .positiveWithSign
        }
    }

    /// Formats with a currency pattern (symbol, narrow symbol or ISO code style).
    func format(_ digits: Digits, currency: UInt16, text: CurrencyText, accounting: Bool, grouping: Bool,
                sign: MoneyFormatter.SignDisplay = .automatic) -> String {
        UTF8Builder.build { format(digits, currency: currency, text: text, accounting: accounting, grouping: grouping, sign: sign, to: &$0) }
    }

    /// Formats with a currency pattern into a builder (which may record the parts). In
    /// compact notation, `compact` is the compact pattern whose affixes stand around the
    /// number (nil where the locale's pattern is used) and grouping starts at two digits.
    func format(_ digits: Digits, currency: UInt16, text: CurrencyText, accounting: Bool, grouping: Bool,
                sign: MoneyFormatter.SignDisplay, compact: CompactNotation.Shown? = nil, to builder: inout UTF8Builder) {
        let own = formatting.ownFormats.isEmpty ? nil : formatting.ownFormats[currency]
        let pattern = own?.pattern ?? (accounting ? formatting.accountingPattern : formatting.currencyPattern)
        let affixes = (compact?.pattern ?? pattern).affixes(Self.signType(digits, display: sign))
        let currencyText: String
        switch text {
        case .symbol: currencyText = symbols?.symbols[Int(currency)] ?? displays.names.displaySymbol(Int(currency))
        case .narrowSymbol:
            currencyText = symbols?.narrowSymbols[Int(currency)] ?? displays.names.displayNarrowSymbol(Int(currency))
        case .isoCode: currencyText = CurrencyCatalog.shared.entries[Int(currency)].code
        }
        // Currency spacing, as ICU applies it: only where the currency itself touches the number.
        let edges = formatting.spacingEdges[Int(currency)]
        let kind = currencyKind(affixes, text: text)
        var spaceAfterPrefix = false
        var spaceBeforeSuffix = false
        if case .currency = affixes.prefix.last, let kind = kind.prefix, edges.allowsAfter(kind) {
            spaceAfterPrefix = takesSpacing(firstDigitOf: digits)
        }
        if case .currency = affixes.suffix.first, let kind = kind.suffix, edges.allowsBefore(kind) {
            spaceBeforeSuffix = takesSpacing(lastDigitOf: digits)
        }
        appendAffix(affixes.prefix, currencyText: currencyText, currency: currency, to: &builder)
        if spaceAfterPrefix { builder.append(formatting.insertBetween.afterCurrency) }
        appendNumber(digits, pattern: pattern, decimalSymbol: own?.decimalSymbol ?? formatting.decimalSymbol,
                     groupingSymbol: own?.groupingSymbol ?? formatting.groupingSymbol, grouping: grouping,
                     minimumGroupingDigits: compact.map { _ in max(2, formatting.minimumGroupingDigits) }, to: &builder)
        if spaceBeforeSuffix { builder.append(formatting.insertBetween.beforeCurrency) }
        appendAffix(affixes.suffix, currencyText: currencyText, currency: currency, to: &builder)
    }

    /// Formats with the currency's plural name (`1,234.50 US dollars`): the number pattern,
    /// the name chosen by the plural rules for the number as shown, and the locale's
    /// currency-unit pattern.
    func formatName(_ digits: Digits, currency: UInt16, grouping: Bool, sign: MoneyFormatter.SignDisplay = .automatic) -> String {
        UTF8Builder.build { formatName(digits, currency: currency, grouping: grouping, sign: sign, to: &$0) }
    }

    /// Formats with the currency's plural name into a builder (which may record the parts).
    /// In compact notation, `compact` holds the compact pattern (nil: the number pattern) and
    /// `pluralDigits` the amount whose plural form picks the name (ICU takes it before dividing).
    func formatName(_ digits: Digits, currency: UInt16, grouping: Bool, sign: MoneyFormatter.SignDisplay,
                    compact: CompactNotation.Shown? = nil, pluralDigits: Digits? = nil, to builder: inout UTF8Builder) {
        let own = formatting.ownFormats.isEmpty ? nil : formatting.ownFormats[currency]
        let pattern = formatting.decimalPattern
        let affixes = (compact?.pattern ?? pattern).affixes(Self.signType(digits, display: sign))
        let display = displays[Int(currency)]
        // ICU uses a plural form only if the locale's currency-unit patterns have it, and
        // "other" (pattern and name) otherwise.
        var keyword = formatting.pluralRules.keyword(operands: (pluralDigits ?? digits).operands)
        if formatting.unitPatterns[keyword] == nil { keyword = "other" }
        let name = display.pluralName(keyword) ?? display.pluralName("other") ?? display.name ?? display.code
        // The unit pattern (`{0} {1}`): the signed number at {0}, the name at {1}.
        var rest = Substring(formatting.unitPatterns[keyword] ?? "{0} {1}")
        while !rest.isEmpty {
            if rest.hasPrefix("{0}") {
                appendAffix(affixes.prefix, currencyText: display.symbol, currency: currency, to: &builder)
                appendNumber(digits, pattern: pattern, decimalSymbol: own?.decimalSymbol ?? formatting.decimalSymbol,
                             groupingSymbol: own?.groupingSymbol ?? formatting.groupingSymbol, grouping: grouping,
                             minimumGroupingDigits: compact.map { _ in max(2, formatting.minimumGroupingDigits) }, to: &builder)
                appendAffix(affixes.suffix, currencyText: display.symbol, currency: currency, to: &builder)
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("{1}") {
                let start = builder.position
                builder.append(name)
                builder.mark(.currency, from: start)
                rest = rest.dropFirst(3)
            } else {
                builder.append(String(rest.first!))
                rest = rest.dropFirst()
            }
        }
    }

    private func appendAffix(_ parts: [NumberPattern.Part], currencyText: String, currency: UInt16,
                             to text: inout UTF8Builder) {
        for part in parts {
            let start = text.position
            switch part {
            case .literal(let literal): text.append(literal)
            case .currency(let width):
                switch width {
                case 1: text.append(currencyText)
                case 2: text.append(CurrencyCatalog.shared.entries[Int(currency)].code)
                default:
                    let display = displays[Int(currency)]
                    text.append(display.pluralName("other") ?? display.name ?? display.code)
                }
                text.mark(.currency, from: start)
            case .minus:
                text.append(formatting.minusSign)
                text.mark(.sign, from: start)
            case .plus:
                text.append(formatting.plusSign)
                text.mark(.sign, from: start)
            }
        }
    }

    /// Which currency text (0 symbol, 1 narrow, 2 code) stands at the prefix's end and the
    /// suffix's start, for the spacing check.
    private func currencyKind(_ affixes: NumberPattern.Affixes, text: CurrencyText) -> (prefix: Int?, suffix: Int?) {
        func kind(_ part: NumberPattern.Part?) -> Int? {
            guard case .currency(let width)? = part else { return nil }
            return width == 1 ? text.rawValue : (width == 2 ? CurrencyText.isoCode.rawValue : nil)
        }
        return (kind(affixes.prefix.last), kind(affixes.suffix.first))
    }

    private func takesSpacing(firstDigitOf digits: Digits) -> Bool {
        formatting.digitTakesSpacing[Int(digits.integer.utf8.first! - 0x30)]
    }

    private func takesSpacing(lastDigitOf digits: Digits) -> Bool {
        formatting.digitTakesSpacing[Int((digits.fraction.utf8.last ?? digits.integer.utf8.last!) - 0x30)]
    }
}

/// Collects UTF-8 text in a stack buffer and makes one `String` of it at the end (spilling
/// to the heap only for text longer than the buffer): formatting builds its result without
/// intermediate strings.
struct UTF8Builder {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var spill: [UInt8] = []
    /// The parts written, when asked for (``buildWithParts(_:)``); nil otherwise, so that
    /// plain formatting records nothing.
    private var parts: [RenderedPart]?

    private init(buffer: UnsafeMutableBufferPointer<UInt8>, recordingParts: Bool = false) {
        self.buffer = buffer
        self.parts = recordingParts ? [] : nil
    }

    /// The UTF-8 length written so far.
    var position: Int { count + spill.count }

    /// Records that the bytes from `start` to here are a `kind` part (when parts are recorded).
    @inline(__always)
    mutating func mark(_ kind: RenderedPart.Kind, from start: Int) {
        guard parts != nil, position > start else { return }
        parts!.append(RenderedPart(kind: kind, utf8Range: start..<position))
    }

    /// Runs `body` on a fresh builder recording parts; returns the text and its parts.
    static func buildWithParts(_ body: (inout UTF8Builder) -> Void) -> (text: String, parts: [RenderedPart]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            var builder = UTF8Builder(buffer: buffer, recordingParts: true)
            body(&builder)
            return (builder.text(in: buffer), builder.parts ?? [])
        }
    }

    /// Runs `body` on a fresh builder and returns the text it wrote.
    static func build(_ body: (inout UTF8Builder) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            var builder = UTF8Builder(buffer: buffer)
            body(&builder)
            return builder.text(in: buffer)
        }
    }

    /// The text written: the buffer's bytes, then the spill's, decoded as one sequence (a
    /// scalar can straddle the two; decoding each half alone would make it U+FFFD twice).
    private func text(in buffer: UnsafeMutableBufferPointer<UInt8>) -> String {
        let written = UnsafeBufferPointer(rebasing: buffer[0..<count])
        if spill.isEmpty { return String(decoding: written, as: UTF8.self) }
        return String(decoding: Array(written) + spill, as: UTF8.self)
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if count < buffer.count, spill.isEmpty {
            buffer[count] = byte
            count += 1
        } else {
            spill.append(byte)
        }
    }

    mutating func append(_ text: String) {
        for byte in text.utf8 { append(byte: byte) }
    }

    /// Appends one scalar's UTF-8 bytes packed in an integer (first byte lowest, see
    /// ``FormattingConventions/digitUTF8``).
    @inline(__always)
    mutating func append(packed: UInt32) {
        var rest = packed
        repeat {
            append(byte: UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        } while rest != 0
    }
}

/// A part of formatted text and its UTF-8 range: what ``MoneyFormatter/attributedFormat(_:)``
/// marks as Foundation's number-format attributes.
struct RenderedPart: Equatable {
    enum Kind: Equatable {
        case sign, currency, integer, groupingSeparator, decimalSeparator, fraction
    }

    let kind: Kind
    let utf8Range: Range<Int>
}
