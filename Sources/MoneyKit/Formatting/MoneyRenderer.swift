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

    /// An amount as the ASCII digits to show: the integer part and exactly the number of
    /// fraction digits the style shows (already rounded). Text, not integers, because a
    /// `Decimal` may hold up to 165 integer digits.
    struct Digits {
        let integer: String
        let fraction: String
        let isNegative: Bool

        /// Splits an exact value whose scale is at most `fractionDigits`.
        init(_ value: ExactDecimal, fractionDigits: Int, isNegative: Bool) {
            precondition(value.scale <= fractionDigits)
            let significand = String(value.significand)
            if value.significand == 0 {
                integer = "0"
                fraction = String(repeating: "0", count: fractionDigits)
            } else if value.scale <= 0 {
                integer = significand + String(repeating: "0", count: -value.scale)
                fraction = String(repeating: "0", count: fractionDigits)
            } else {
                let count = significand.utf8.count
                if count <= value.scale {
                    integer = "0"
                    fraction = String(repeating: "0", count: value.scale - count) + significand
                        + String(repeating: "0", count: fractionDigits - value.scale)
                } else {
                    integer = String(significand.prefix(count - value.scale))
                    fraction = String(significand.suffix(value.scale)) + String(repeating: "0", count: fractionDigits - value.scale)
                }
            }
            self.isNegative = isNegative
        }

        /// The plural-rule operands of the number as shown.
        var operands: PluralRules.Operands {
            // Beyond 30 digits only the low digits matter to CLDR rules (moduli up to 10^6):
            // keep them, above any value a rule compares with.
            let integerValue: UInt128
            if integer.utf8.count > 30 {
                integerValue = ExactDecimal.powersOfTen[30] + UInt128(integer.suffix(6))!
            } else {
                integerValue = UInt128(integer)!
            }
            let fractionValue = UInt128(fraction.prefix(30)) ?? 0
            // ICU evaluates the n operand as a binary double (DecimalQuantity::toDouble), so a
            // large amount can lose its fraction there (1000000000000000.007 is n = 10^15) and
            // take another plural form. To choose the word ICU chooses, n is computed the same
            // way; the digits written are exact, and nothing else uses this double.
            var wholeN: UInt128? = fractionValue == 0 ? integerValue : nil
            if fractionValue != 0, let approximate = Double(integer + "." + fraction),
               approximate == approximate.rounded(.towardZero), approximate < 1e36 {
                wholeN = UInt128(approximate)
            }
            return PluralRules.Operands(integer: integerValue, fraction: fractionValue,
                                        fractionDigitCount: min(fraction.utf8.count, 30), wholeN: wholeN)
        }
    }

    /// The number part: digits in the locale's script, grouped, with the decimal symbol.
    func number(_ digits: Digits, pattern: NumberPattern, decimalSymbol: String, groupingSymbol: String,
                grouping: Bool) -> String {
        var result = ""
        let count = digits.integer.utf8.count
        let primary = pattern.primaryGrouping
        let secondary = pattern.secondaryGrouping > 0 ? pattern.secondaryGrouping : primary
        let groups = grouping && primary > 0 && count - primary >= formatting.minimumGroupingDigits
        for (position, byte) in digits.integer.utf8.enumerated() {
            if groups, position > 0 {
                let remaining = count - position
                if remaining == primary || (remaining > primary && (remaining - primary) % secondary == 0) {
                    result += groupingSymbol
                }
            }
            result += formatting.digits[Int(byte - 0x30)]
        }
        if !digits.fraction.isEmpty {
            result += decimalSymbol
            for byte in digits.fraction.utf8 { result += formatting.digits[Int(byte - 0x30)] }
        }
        return result
    }

    /// Formats with a currency pattern (symbol, narrow symbol or ISO code style).
    func format(_ digits: Digits, currency: UInt16, text: CurrencyText, accounting: Bool, grouping: Bool) -> String {
        let own = formatting.ownFormats[currency]
        let pattern = own?.pattern ?? (accounting ? formatting.accountingPattern : formatting.currencyPattern)
        let number = number(digits, pattern: pattern, decimalSymbol: own?.decimalSymbol ?? formatting.decimalSymbol,
                            groupingSymbol: own?.groupingSymbol ?? formatting.groupingSymbol, grouping: grouping)
        let affixes = digits.isNegative ? pattern.negative : pattern.positive
        let display = displays[Int(currency)]
        let currencyText: String
        switch text {
        case .symbol: currencyText = display.symbol
        case .narrowSymbol: currencyText = display.narrowSymbol
        case .isoCode: currencyText = display.code
        }
        var prefix = affixText(affixes.prefix, currencyText: currencyText, display: display)
        var suffix = affixText(affixes.suffix, currencyText: currencyText, display: display)

        // Currency spacing, as ICU applies it: only where the currency itself touches the number.
        let edges = formatting.spacingEdges[Int(currency)]
        let kind = currencyKind(affixes, text: text)
        if case .currency = affixes.prefix.last, let kind = kind.prefix, edges.allowsAfter(kind),
           takesSpacing(firstDigitOf: digits) {
            prefix += formatting.insertBetween.afterCurrency
        }
        if case .currency = affixes.suffix.first, let kind = kind.suffix, edges.allowsBefore(kind),
           takesSpacing(lastDigitOf: digits) {
            suffix = formatting.insertBetween.beforeCurrency + suffix
        }
        return prefix + number + suffix
    }

    /// Formats with the currency's plural name (`1,234.50 US dollars`): the number pattern,
    /// the name chosen by the plural rules for the number as shown, and the locale's
    /// currency-unit pattern.
    func formatName(_ digits: Digits, currency: UInt16, grouping: Bool) -> String {
        let own = formatting.ownFormats[currency]
        let pattern = formatting.decimalPattern
        let number = number(digits, pattern: pattern, decimalSymbol: own?.decimalSymbol ?? formatting.decimalSymbol,
                            groupingSymbol: own?.groupingSymbol ?? formatting.groupingSymbol, grouping: grouping)
        let affixes = digits.isNegative ? pattern.negative : pattern.positive
        let display = displays[Int(currency)]
        let signed = affixText(affixes.prefix, currencyText: display.symbol, display: display) + number
            + affixText(affixes.suffix, currencyText: display.symbol, display: display)
        // ICU uses a plural form only if the locale's currency-unit patterns have it, and
        // "other" (pattern and name) otherwise.
        var keyword = formatting.pluralRules.keyword(operands: digits.operands)
        if formatting.unitPatterns[keyword] == nil { keyword = "other" }
        let name = display.pluralName(keyword) ?? display.pluralName("other") ?? display.name ?? display.code
        let unitPattern = formatting.unitPatterns[keyword] ?? "{0} {1}"
        return unitPattern.replacingOccurrences(of: "{0}", with: signed).replacingOccurrences(of: "{1}", with: name)
    }

    private func affixText(_ parts: [NumberPattern.Part], currencyText: String, display: CurrencyConventions.Display) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .currency(let width):
                switch width {
                case 1: text += currencyText
                case 2: text += display.code
                default: text += display.pluralName("other") ?? display.name ?? display.code
                }
            case .minus: text += formatting.minusSign
            case .plus: text += formatting.plusSign
            }
        }
        return text
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
