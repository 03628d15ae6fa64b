import Foundation

extension Money {
    /// A Foundation format style for ``Money`` that writes with ``MoneyFormatter`` and reads
    /// back with ``MoneyParser``, so that `money.formatted(.money(locale:))`,
    /// `try Money("1.234,56 €", format: .money(locale: de))` and SwiftUI's
    /// `TextField(value:format:)` work.
    ///
    /// ```swift
    /// let de = Locale(identifier: "de_DE")
    /// let price = try Money("1.234,56 €", format: .money(locale: de))   // 1234.56 EUR
    /// price.formatted(.money(locale: de))                               // "1.234,56 €"
    /// ```
    public struct FormatStyle: ParseableFormatStyle, Sendable, Codable, Hashable {
        /// The locale written and read.
        public var locale: Locale
        /// How the currency is written.
        public var style: MoneyFormatter.Style
        /// Whether negatives take the locale's accounting form.
        public var accounting: Bool
        /// Digit grouping when writing.
        public var grouping: MoneyFormatter.Grouping
        /// Fraction digits when writing.
        public var fractionDigits: MoneyFormatter.FractionDigits
        /// The field's currency when reading, if known (see ``MoneyParser/currency``).
        public var currency: Currency?
        /// Parsing options.
        public var parseOptions: MoneyParser.Options

        /// Creates a style.
        ///
        /// - Parameters:
        ///   - locale: The locale written and read.
        ///   - style: Symbol (default), narrow symbol, ISO code or name.
        ///   - accounting: Write negatives in the accounting form.
        ///   - currency: The field's currency, used when reading.
        public init(locale: Locale, style: MoneyFormatter.Style = .symbol, accounting: Bool = false,
                    currency: Currency? = nil) {
            self.locale = locale
            self.style = style
            self.accounting = accounting
            self.grouping = .automatic
            self.fractionDigits = .currency
            self.currency = currency
            self.parseOptions = MoneyParser.Options()
        }

        /// Writes the amount.
        public func format(_ value: Money) -> String {
            var formatter = MoneyFormatter(locale: locale, style: style, accounting: accounting)
            formatter.grouping = grouping
            formatter.fractionDigits = fractionDigits
            return formatter.format(value)
        }

        /// Reads amounts with ``MoneyParser`` in this style's locale.
        public var parseStrategy: ParseStrategy {
            ParseStrategy(locale: locale, currency: currency, options: parseOptions)
        }

        /// A copy for another locale.
        public func locale(_ locale: Locale) -> Self {
            var copy = self
            copy.locale = locale
            return copy
        }

        /// A copy with other grouping.
        public func grouping(_ grouping: MoneyFormatter.Grouping) -> Self {
            var copy = self
            copy.grouping = grouping
            return copy
        }

        /// A copy with other fraction digits.
        public func fractionDigits(_ fractionDigits: MoneyFormatter.FractionDigits) -> Self {
            var copy = self
            copy.fractionDigits = fractionDigits
            return copy
        }
    }

    /// A Foundation parse strategy that reads ``Money`` with ``MoneyParser``.
    public struct ParseStrategy: Foundation.ParseStrategy, Sendable, Codable, Hashable {
        /// The locale read.
        public var locale: Locale
        /// The field's currency, if known.
        public var currency: Currency?
        /// Parsing options.
        public var options: MoneyParser.Options

        /// Creates a strategy.
        public init(locale: Locale, currency: Currency? = nil, options: MoneyParser.Options = .init()) {
            self.locale = locale
            self.currency = currency
            self.options = options
        }

        /// Reads an amount.
        ///
        /// - Throws: ``MoneyParseError``.
        public func parse(_ value: String) throws -> Money {
            try MoneyParser(locale: locale, currency: currency, options: options).parse(value)
        }
    }

    /// Writes the amount in the user's current locale (`Locale.current`), with the
    /// currency's symbol, as Foundation's `formatted()` does for numbers.
    ///
    /// ```swift
    /// Money(1234, "EUR").formatted()   // "€1,234.00" in en_US, "1.234,00 €" in de_DE
    /// ```
    public func formatted() -> String {
        formatted(.money())
    }

    /// Writes the amount in a format style.
    ///
    /// ```swift
    /// Money(-5, "USD").formatted(.money(locale: Locale(identifier: "en_US"), accounting: true))  // "($5.00)"
    /// ```
    public func formatted<Style: Foundation.FormatStyle>(_ style: Style) -> Style.FormatOutput where Style.FormatInput == Money {
        style.format(self)
    }

    /// Reads an amount with a money format style's parse strategy.
    ///
    /// - Throws: ``MoneyParseError``.
    public init(_ value: String, format: FormatStyle) throws {
        self = try format.parseStrategy.parse(value)
    }

    /// Reads an amount with any strategy that produces money.
    public init<Strategy: Foundation.ParseStrategy>(_ value: Strategy.ParseInput, strategy: Strategy) throws
    where Strategy.ParseOutput == Money {
        self = try strategy.parse(value)
    }
}

extension FormatStyle where Self == Money.FormatStyle {
    /// A money format style: `money.formatted(.money(locale: de))`, or `.money()` for the
    /// user's current locale.
    ///
    /// - Parameters:
    ///   - locale: The locale written and read (`Locale.current` by default).
    ///   - style: Symbol (default), narrow symbol, ISO code or name.
    ///   - accounting: Write negatives in the accounting form.
    ///   - currency: The field's currency, used when reading.
    public static func money(locale: Locale = .current, style: MoneyFormatter.Style = .symbol, accounting: Bool = false,
                             currency: Currency? = nil) -> Money.FormatStyle {
        Money.FormatStyle(locale: locale, style: style, accounting: accounting, currency: currency)
    }
}

extension ParseStrategy where Self == Money.ParseStrategy {
    /// A money parse strategy: `try Money("1.234,56 €", strategy: .money(locale: de))`.
    public static func money(locale: Locale, currency: Currency? = nil) -> Money.ParseStrategy {
        Money.ParseStrategy(locale: locale, currency: currency)
    }
}
