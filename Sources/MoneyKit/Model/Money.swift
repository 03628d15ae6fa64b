import Foundation

/// An exact amount of money in a currency.
///
/// ```swift
/// let price = Money(Decimal(string: "1234.5")!, "EUR")
/// price.description   // "1234.5 EUR"
/// ```
///
/// Equal amounts compare equal whatever their trailing zeros (`1234.50 == 1234.5`). A
/// `Money` encodes as `{"amount":"1234.5","currency":"EUR"}`: the amount as an exact
/// decimal string, never a binary floating-point number.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The exact amount.
    public var amount: Decimal
    /// The currency the amount is in.
    public var currency: Currency

    /// Creates an amount of money.
    ///
    /// - Parameters:
    ///   - amount: The exact amount.
    ///   - currency: Its currency.
    public init(_ amount: Decimal, _ currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    /// The amount in plain decimal notation followed by the code: `"-1234.5 EUR"`.
    public var description: String { "\(amount.plainText) \(currency.code)" }

    private enum CodingKeys: String, CodingKey {
        case amount
        case currency
    }

    /// Decodes `{"amount":"1234.5","currency":"EUR"}`; the amount may also be a JSON number
    /// written as text by another encoder, but never goes through `Double` here.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .amount)
        guard let amount = Decimal(plainText: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .amount, in: container, debugDescription: "\"\(text)\" is not a plain decimal amount")
        }
        self.amount = amount
        self.currency = try container.decode(Currency.self, forKey: .currency)
    }

    /// Encodes the amount as exact decimal text and the currency as its code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount.plainText, forKey: .amount)
        try container.encode(currency, forKey: .currency)
    }
}
