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
        /// When a sign is written (with ``accounting``, the sign strategy of ``sign(strategy:)``).
        public var signDisplay: MoneyFormatter.SignDisplay
        /// Standard or compact notation when writing (see ``notation(_:)``).
        public var notation: MoneyFormatter.Notation = .standard
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
            self.signDisplay = .automatic
            self.currency = currency
            self.parseOptions = MoneyParser.Options()
        }

        /// Writes the amount.
        public func format(_ value: Money) -> String {
            formatter.format(value)
        }

        /// The formatter this style writes with.
        var formatter: MoneyFormatter {
            var formatter = MoneyFormatter(locale: locale, style: style, accounting: accounting)
            formatter.grouping = grouping
            formatter.fractionDigits = fractionDigits
            formatter.signDisplay = signDisplay
            return notation == .standard ? formatter : formatter.notation(notation)
        }

        /// The same style writing an `AttributedString` with the parts marked
        /// (``MoneyFormatter/attributedFormat(_:)``), as Foundation's `attributed` does.
        ///
        /// ```swift
        /// let text = Money(-5, "USD").formatted(.money(locale: Locale(identifier: "en_US")).attributed)
        /// text.runs.compactMap(\.numberSymbol)   // [.sign, .currency, .decimalSeparator]
        /// ```
        public var attributed: Attributed { Attributed(style: self) }

        /// ``Money/FormatStyle`` writing an `AttributedString`.
        public struct Attributed: Foundation.FormatStyle, Sendable, Codable, Hashable {
            /// The style whose text is marked.
            public var style: Money.FormatStyle

            /// Writes the amount with its parts marked.
            public func format(_ value: Money) -> AttributedString {
                style.formatter.attributedFormat(value)
            }
        }

        /// How the currency is presented, named as Foundation's currency format style names it.
        public struct Presentation: Sendable, Hashable, Codable {
            /// The formatter style it selects.
            public let style: MoneyFormatter.Style

            /// The locale's symbol (`US$` in en_CA, `€`).
            public static let standard = Presentation(style: .symbol)
            /// The narrow symbol (`$` for any dollar).
            public static let narrow = Presentation(style: .narrowSymbol)
            /// The ISO 4217 code (`USD 5.00`).
            public static let isoCode = Presentation(style: .isoCode)
            /// The plural-aware display name (`5.00 US dollars`).
            public static let fullName = Presentation(style: .name)
        }

        /// A copy with another presentation of the currency.
        ///
        /// ```swift
        /// Money(5, "USD").formatted(.money(locale: Locale(identifier: "en_US")).presentation(.fullName))   // "5.00 US dollars"
        /// ```
        public func presentation(_ presentation: Presentation) -> Self {
            var copy = self
            copy.style = presentation.style
            return copy
        }

        /// The notation, named as Foundation's currency format style names it.
        public struct Notation: Sendable, Hashable, Codable {
            /// The formatter notation it selects.
            public let notation: MoneyFormatter.Notation

            /// Every digit (the default).
            public static let automatic = Notation(notation: .standard)
            /// ICU's short compact form (`$1.2M`): see ``MoneyFormatter/Notation/compact``.
            public static let compactName = Notation(notation: .compact)
        }

        /// A copy with another notation.
        ///
        /// ```swift
        /// Money(1_234_567, "USD").formatted(.money(locale: Locale(identifier: "en_US")).notation(.compactName))   // "$1.2M"
        /// ```
        public func notation(_ notation: Notation) -> Self {
            var copy = self
            copy.notation = notation.notation
            return copy
        }

        /// When signs are written, named as Foundation's currency `SignDisplayStrategy`.
        public struct SignDisplayStrategy: Sendable, Hashable, Codable {
            /// The sign display it selects.
            public let signDisplay: MoneyFormatter.SignDisplay
            /// Whether negative amounts take the locale's accounting form.
            public let accounting: Bool

            /// A minus sign on negative amounts (the default).
            public static let automatic = SignDisplayStrategy(signDisplay: .automatic, accounting: false)
            /// No sign.
            public static let never = SignDisplayStrategy(signDisplay: .never, accounting: false)
            /// Negative amounts in the locale's accounting form (`($5.00)` in en_US).
            public static let accounting = SignDisplayStrategy(signDisplay: .automatic, accounting: true)

            /// A sign on every amount; on zero only when `showZero` is true.
            public static func always(showZero: Bool = false) -> SignDisplayStrategy {
                SignDisplayStrategy(signDisplay: .always(showZero: showZero), accounting: false)
            }

            /// The accounting form for negative amounts and a plus sign on positive ones; on
            /// zero only when `showZero` is true.
            public static func accountingAlways(showZero: Bool = false) -> SignDisplayStrategy {
                SignDisplayStrategy(signDisplay: .always(showZero: showZero), accounting: true)
            }
        }

        /// A copy with another sign strategy.
        ///
        /// ```swift
        /// Money(5, "USD").formatted(.money(locale: Locale(identifier: "en_US")).sign(strategy: .always()))   // "+$5.00"
        /// ```
        public func sign(strategy: SignDisplayStrategy) -> Self {
            var copy = self
            copy.signDisplay = strategy.signDisplay
            copy.accounting = strategy.accounting
            return copy
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
