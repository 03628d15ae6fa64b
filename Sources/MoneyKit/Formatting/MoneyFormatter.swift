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

    /// How many fraction digits to show.
    public enum FractionDigits: Sendable, Hashable, Codable {
        /// The currency's minor units (2 for EUR, 0 for JPY, 3 for KWD).
        case currency
        /// The currency's cash digits and rounding increment (CHF: 0.05 steps).
        case cash
        /// Exactly this many (0...38).
        case exactly(Int)
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

    let profile: LocaleProfile

    /// Creates a formatter, loading (once per process) the locale's data from ICU. An
    /// identifier that is not a plausible locale identifier reads as the root locale, as in
    /// ``MoneyParser/init(locale:currency:options:)``.
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

    /// Formats an amount.
    ///
    /// - Parameter money: The amount and currency.
    /// - Returns: The text ICU would write for it in this locale and style.
    public func format(_ money: Money) -> String {
        guard let exact = ExactDecimal(decimal: money.amount) else {
            return money.amount.description  // NaN: nothing to format
        }
        let currency = money.currency
        let step: ExactDecimal
        switch fractionDigits {
        case .currency: step = RoundingUnit.minor.exactIncrement(for: currency)
        case .cash: step = RoundingUnit.cash.exactIncrement(for: currency)
        case .exactly(let count): step = ExactDecimal(significand: 1, scale: min(max(count, 0), 38), isNegative: false)
        }
        let digits = step.scale
        // Half-even, as ICU; an amount whose steps would need more than 38 digits is shown as it is.
        let rounded = (try? exact.rounded(toMultipleOf: step, .toNearestOrEven)) ?? exact
        let shown = MoneyRenderer.Digits(rounded, fractionDigits: digits, isNegative: exact.isNegative)
        let renderer = MoneyRenderer(formatting: profile.formatting, displays: profile.currencies.displays)
        let grouped = grouping == .automatic
        switch style {
        case .symbol: return renderer.format(shown, currency: currency.index, text: .symbol, accounting: accounting, grouping: grouped)
        case .narrowSymbol:
            return renderer.format(shown, currency: currency.index, text: .narrowSymbol, accounting: accounting, grouping: grouped)
        case .isoCode: return renderer.format(shown, currency: currency.index, text: .isoCode, accounting: accounting, grouping: grouped)
        case .name: return renderer.formatName(shown, currency: currency.index, grouping: grouped)
        }
    }
}
