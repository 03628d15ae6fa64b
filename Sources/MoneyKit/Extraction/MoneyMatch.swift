/// An amount of money found in free text by ``MoneyParser/matches(in:)``: where it stands,
/// what it says, and how it ranks as the text's main price (Docs/Extraction.md).
///
/// ```swift
/// let parser = MoneyParser(locale: Locale(identifier: "de_DE"))
/// let text = "3 Ausgaben für nur 14,85 EUR statt 19,90 EUR"
/// for match in parser.matches(in: text) {
///     print(match.text, match.value, match.rank)
/// }
/// // 14,85 EUR  14.85 EUR  1
/// // 19,90 EUR  19.9 EUR   2
/// ```
public struct MoneyMatch: Sendable, Hashable {
    /// What a match reads: one amount, or a range of two in one currency.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        /// One amount (`€19.99`).
        case amount(Money)
        /// A range (`$10–$20`, `10 à 15 euros`).
        case range(MoneyRange)

        /// The amount, or the range's bounds joined by `..` (`10..20 USD`).
        public var description: String {
            switch self {
            case .amount(let money): money.description
            case .range(let range): range.description
            }
        }
    }

    /// Where the match stands in the text.
    public let range: Range<String.Index>
    /// The same place as UTF-8 offsets from the text's start.
    public let utf8Range: Range<Int>
    /// The same place as UTF-16 offsets from the text's start (`NSRange`'s units).
    public let utf16Range: Range<Int>
    /// The matched text (`14,85 EUR`, `$199–$249`).
    public let text: String
    /// The amount or range it reads.
    public let value: Value
    /// Its rank as the text's main price: 1 for the main price, then 2, 3, … for the others
    /// (Docs/Extraction.md, "The main price").
    public let rank: Int

    /// The amount, when the match is one amount rather than a range.
    public var money: Money? {
        if case .amount(let money) = value { return money }
        return nil
    }
}

/// A range of amounts in one currency, as free text writes it: `$10–$20`, `€10 bis 20`,
/// `5–8k €`, `10 à 15 euros`. The lower bound is below the upper one.
public struct MoneyRange: Sendable, Hashable, CustomStringConvertible {
    /// The lower end (`10 USD` of `$10–$20`).
    public let lowerBound: Money
    /// The upper end (`20 USD` of `$10–$20`).
    public let upperBound: Money

    /// The currency of both ends.
    public var currency: Currency { lowerBound.currency }

    /// A range of two amounts in one currency, the first below the second; nil otherwise.
    public init?(lowerBound: Money, upperBound: Money) {
        guard lowerBound.currency == upperBound.currency, lowerBound.amount < upperBound.amount else { return nil }
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// The bounds' amounts joined by `..`, then the code: `10..20 USD`.
    public var description: String {
        "\(lowerBound.amount.plainText)..\(upperBound.amount.plainText) \(currency.code)"
    }
}
