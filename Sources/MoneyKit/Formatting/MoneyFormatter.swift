import Foundation

/// Formats ``Money`` for a locale exactly as ICU's currency formatter does, from the same
/// cached locale data the parser uses (no ICU formatter per call), and so that
/// ``MoneyParser`` reads the result back to the same value.
///
/// ```swift
/// let swiss = MoneyFormatter(locale: Locale(identifier: "de_CH"))
/// swiss.format(Money(Decimal(string: "1234.5")!, "CHF"))        // "CHF 1’234.50"
/// MoneyFormatter(locale: Locale(identifier: "en_US"), style: .name)
///     .format(Money(1, "USD"))                                  // "1.00 US dollars"
/// MoneyFormatter(locale: Locale(identifier: "en_US"), accounting: true)
///     .format(Money(-5, "USD"))                                 // "($5.00)"
/// ```
///
/// Amounts with more fraction digits than the style shows are rounded half-even, as ICU
/// does; a negative amount that rounds to zero keeps its minus sign (`-$0.00`), as in ICU.
/// Nothing goes through `Double`: 38-digit amounts format exactly.
public struct MoneyFormatter: Sendable {
    /// How the currency is written.
    public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
        /// The locale's symbol (`€`, `US$`, `CHF`).
        case symbol
        /// The narrow symbol (`$` for any dollar).
        case narrowSymbol
        /// The ISO 4217 code (`USD 1.00`).
        case isoCode
        /// The plural-aware display name (`1.00 US dollars`, `1,00 euro`).
        case name
    }

    /// Digit grouping.
    public enum Grouping: String, Sendable, Hashable, Codable {
        /// As the locale groups (including its minimum grouping digits: `1234,50 zł` in pl).
        case automatic
        /// No grouping separators.
        case never
    }

    /// When a sign is written, as ICU's sign display (and Foundation's currency
    /// `SignDisplayStrategy`). Combined with ``accounting``, a negative amount takes the
    /// accounting form and a plus sign goes where ICU puts it (`+$5.00`).
    public enum SignDisplay: Sendable, Hashable, Codable {
        /// A minus sign on negative amounts only (a negative amount that rounds to zero keeps it: `-$0.00`).
        case automatic
        /// No sign at all.
        case never
        /// A plus sign on positive amounts too; zero gets `+` only when `showZero` is true
        /// (ICU's `sign-always` and `sign-except-zero`).
        case always(showZero: Bool)
    }

    /// How many fraction digits to show.
    public enum FractionDigits: Sendable, Hashable, Codable {
        /// The currency's minor units (2 for EUR, 0 for JPY, 3 for KWD).
        case currency
        /// The currency's cash digits and rounding increment (CHF: 0.05 steps).
        case cash
        /// Exactly this many (0...38).
        case exactly(Int)
    }

    /// How much of the amount is written.
    public enum Notation: String, Sendable, Hashable, Codable {
        /// Every digit, to the fraction digits asked for (default): `$1,234,567.00`.
        case standard
        /// ICU's short compact form, as Foundation's `.notation(.compactName)` writes it:
        /// `$1.2M`, `1,5 Mio. €`, `￥120万` (ja_JP). The amount is divided by the power of ten of the
        /// locale's compact pattern and rounded half-even to an integer, or to two significant
        /// digits under 10; amounts under the first compact power are written with the locale's
        /// own pattern, rounded the same way (`$5.7`, `$123`). Lossy by design: fraction digits
        /// do not apply, and parsing the text gives the rounded amount (`$1.2M` is 1,200,000).
        case compact
    }

    /// The locale whose conventions are written.
    public let locale: Locale
    /// How the currency is written.
    public let style: Style
    /// Whether negatives take the locale's accounting form (parentheses in many locales).
    /// The name style has no accounting form; ICU ignores it there, and so does this.
    public let accounting: Bool
    /// Digit grouping (default: as the locale groups).
    public var grouping: Grouping = .automatic
    /// Fraction digits (default: the currency's minor units).
    public var fractionDigits: FractionDigits = .currency
    /// When a sign is written (default: on negative amounts).
    public var signDisplay: SignDisplay = .automatic
    /// Standard (default) or compact notation.
    public private(set) var notation: Notation = .standard
    /// The locale's compact patterns, read when compact notation is chosen.
    private var compactNotation: CompactNotation?

    let profile: LocaleProfile
    /// The locale's currency symbols as strings (built for the first formatter of the bundle).
    let symbols: CurrencyNames.DisplayedSymbols

    /// Creates a formatter, loading (once per process) the locale's data from ICU.
    ///
    /// Formatting never fails: for an identifier ICU does not know (`en_UK`, `xx`) it writes
    /// what ICU's own formatter writes, following ICU's fallback (`en_UK` as `en`, `xx` as
    /// the root locale), as Foundation's formatters do; an identifier with characters no
    /// locale identifier has (`en_US!`) is written as the root locale. Reading is stricter: MoneyParser
    /// refuses such locales, so check identifiers from settings or user input with
    /// ``MoneyParser/validate(_:)``.
    ///
    /// - Parameters:
    ///   - locale: Whose conventions to write.
    ///   - style: Symbol (default), narrow symbol, ISO code or name.
    ///   - accounting: Write negatives in the locale's accounting form.
    public init(locale: Locale, style: Style = .symbol, accounting: Bool = false) {
        self.locale = locale
        self.style = style
        self.accounting = accounting
        self.profile = LocaleProfile.profile(for: locale.identifier)
        self.symbols = profile.currencies.displays.names.displayedSymbols()
    }

    /// A copy with other grouping.
    public func grouping(_ grouping: Grouping) -> MoneyFormatter {
        var copy = self
        copy.grouping = grouping
        return copy
    }

    /// A copy with other fraction digits.
    public func fractionDigits(_ fractionDigits: FractionDigits) -> MoneyFormatter {
        var copy = self
        copy.fractionDigits = fractionDigits
        return copy
    }

    /// A copy with another sign display.
    ///
    /// ```swift
    /// MoneyFormatter(locale: Locale(identifier: "en_US")).signDisplay(.always(showZero: false))
    ///     .format(Money(5, "USD"))   // "+$5.00"
    /// ```
    public func signDisplay(_ signDisplay: SignDisplay) -> MoneyFormatter {
        var copy = self
        copy.signDisplay = signDisplay
        return copy
    }

    /// A copy with another notation.
    ///
    /// ```swift
    /// MoneyFormatter(locale: Locale(identifier: "en_US")).notation(.compact)
    ///     .format(Money(1_234_567, "USD"))   // "$1.2M"
    /// ```
    public func notation(_ notation: Notation) -> MoneyFormatter {
        var copy = self
        copy.notation = notation
        copy.compactNotation = notation == .compact
            ? CompactNotation.forLocale(profile.identifier, numberingSystem: profile.numbers.numberingSystem) : nil
        return copy
    }

    /// Formats an amount.
    ///
    /// - Parameter money: The amount and currency.
    /// - Returns: The text ICU would write for it in this locale and style.
    public func format(_ money: Money) -> String {
        guard let shown = shown(money) else { return money.amount.description }  // NaN: nothing to format
        return UTF8Builder.build { render(shown, currency: money.currency, to: &$0) }
    }

    /// Formats an amount as an `AttributedString` whose runs carry Foundation's number-format
    /// attributes, as `Decimal.FormatStyle.Currency.attributed` marks them: `numberPart`
    /// `.integer` (grouping separators included) and `.fraction`; `numberSymbol` `.sign`,
    /// `.currency` (symbol, code or name), `.groupingSeparator` and `.decimalSeparator`.
    /// Its characters are exactly ``format(_:)``'s.
    ///
    /// ```swift
    /// let text = MoneyFormatter(locale: Locale(identifier: "en_US")).attributedFormat(Money(-1234, "USD"))
    /// text.runs.map { String(text[$0.range].characters) }   // ["-", "$", "1", ",", "234", ".", "00"]
    /// ```
    public func attributedFormat(_ money: Money) -> AttributedString {
        guard let shown = shown(money) else { return AttributedString(money.amount.description) }
        let (text, parts) = UTF8Builder.buildWithParts { render(shown, currency: money.currency, to: &$0) }
        var attributed = AttributedString(text)
        let utf8 = text.utf8
        for part in parts {
            let lower = utf8.index(utf8.startIndex, offsetBy: part.utf8Range.lowerBound)
            let upper = utf8.index(lower, offsetBy: part.utf8Range.count)
            guard let range = Range(lower..<upper, in: attributed) else { continue }
            switch part.kind {
            case .integer: attributed[range].numberPart = .integer
            case .fraction: attributed[range].numberPart = .fraction
            case .sign: attributed[range].numberSymbol = .sign
            case .currency: attributed[range].numberSymbol = .currency
            case .groupingSeparator: attributed[range].numberSymbol = .groupingSeparator
            case .decimalSeparator: attributed[range].numberSymbol = .decimalSeparator
            }
        }
        return attributed
    }

    /// What to write for an amount: its digits, and in compact notation the compact pattern
    /// and the undivided amount whose plural form picks a currency name. Nil for NaN.
    private struct Shown {
        let digits: MoneyRenderer.Digits
        var compact: CompactNotation.Shown?
        var pluralDigits: MoneyRenderer.Digits?
    }

    private func shown(_ money: Money) -> Shown? {
        guard let exact = ExactDecimal(decimal: money.amount) else { return nil }
        guard let compactNotation else { return Shown(digits: digits(of: exact, currency: money.currency)) }
        let compact = compactNotation.shown(exact, withCurrency: style != .name, pluralRules: profile.formatting.pluralRules)
        return Shown(digits: compact.digits, compact: compact,
                     pluralDigits: style == .name ? CompactNotation.undivided(exact) : nil)
    }

    /// The digits to show in standard notation: rounded half-even to the style's fraction digits.
    private func digits(of exact: ExactDecimal, currency: Currency) -> MoneyRenderer.Digits {
        let step: ExactDecimal
        switch fractionDigits {
        case .currency: step = RoundingUnit.minor.exactIncrement(for: currency)
        case .cash: step = RoundingUnit.cash.exactIncrement(for: currency)
        case .exactly(let count): step = ExactDecimal(significand: 1, scale: min(max(count, 0), ExactDecimal.maximumDigits), isNegative: false)
        }
        // Half-even, as ICU; an amount whose steps would need more than 38 digits is shown as it is.
        let rounded = (try? exact.rounded(toMultipleOf: step, .toNearestOrEven)) ?? exact
        return MoneyRenderer.Digits(rounded, fractionDigits: step.scale, isNegative: exact.isNegative)
    }

    /// Writes the digits with this formatter's style, grouping, sign display and notation.
    private func render(_ shown: Shown, currency: Currency, to builder: inout UTF8Builder) {
        let renderer = MoneyRenderer(formatting: profile.formatting, displays: profile.currencies.displays, symbols: symbols)
        let grouped = grouping == .automatic
        let text: MoneyRenderer.CurrencyText
        switch style {
        case .symbol: text = .symbol
        case .narrowSymbol: text = .narrowSymbol
        case .isoCode: text = .isoCode
        case .name:
            renderer.formatName(shown.digits, currency: currency.index, grouping: grouped, sign: signDisplay,
                                compact: shown.compact, pluralDigits: shown.pluralDigits, to: &builder)
            return
        }
        renderer.format(shown.digits, currency: currency.index, text: text, accounting: accounting, grouping: grouped,
                        sign: signDisplay, compact: shown.compact, to: &builder)
    }
}
