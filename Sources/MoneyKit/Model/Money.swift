import Foundation

/// An exact amount of money in a currency.
///
/// ```swift
/// let price = try Money("1234.50", "EUR")         // from plain decimal text
/// price.description                               // "1234.5 EUR"
/// let cents = Money(minorUnits: 1999, "USD")      // 19.99 USD
/// let whole = Money(12, "JPY")                    // integers are exact
/// let exact = Money(Decimal(string: "0.1")!, "EUR")
/// ```
///
/// A floating-point literal or `Double` does not compile (`Money(19.99, "USD")`): 19.99 has
/// no exact binary value and would hold 19.989999999999998. Write the amount as text, in
/// minor units, or as a `Decimal` built from text.
///
/// Equal amounts compare equal whatever their trailing zeros (`1234.50 == 1234.5`). A
/// `Money` encodes as `{"amount":"1234.5","currency":"EUR"}`: the amount as an exact
/// decimal string, never a binary floating-point number.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The exact amount.
    public var amount: Decimal
    /// The currency the amount is in.
    public var currency: Currency

    /// Creates an amount of money from an exact amount, a `Decimal`.
    ///
    /// Generic so that a floating-point literal cannot stand for the amount: Swift would
    /// make `19.99` a `Decimal` by way of a `Double` (19.989999999999998). Build the
    /// `Decimal` from text (`Decimal(string: "19.99")!`) or use ``init(_:_:)-(String,_)``.
    ///
    /// - Parameters:
    ///   - amount: The exact amount.
    ///   - currency: Its currency.
    public init<Amount: ExactAmount>(_ amount: Amount, _ currency: Currency) {
        self.amount = amount.exactAmount
        self.currency = currency
    }

    /// Creates a whole amount of money, exactly.
    ///
    /// - Parameters:
    ///   - amount: The amount in major units (`12` is 12 EUR).
    ///   - currency: Its currency.
    public init(_ amount: Int, _ currency: Currency) {
        self.amount = Decimal(amount)
        self.currency = currency
    }

    /// Unavailable: a `Double` (and a floating-point literal, which becomes one) holds a
    /// binary approximation of most decimal amounts.
    @available(*, unavailable, message: """
        a floating-point amount is inexact (19.99 is 19.989999999999998 as a Double): \
        write try Money("19.99", "USD"), Money(minorUnits: 1999, "USD") or Money(Decimal(string: "19.99")!, "USD")
        """)
    public init(_ amount: Double, _ currency: Currency) {
        fatalError("unavailable")
    }

    /// Creates an amount from plain decimal text, exactly: an optional `-`, digits, and an
    /// optional `.` with fraction digits, as ``description`` and JSON write amounts
    /// (`"1234.5"`, `"-0.05"`). For text people type, with separators and symbols, use
    /// ``MoneyParser``.
    ///
    /// ```swift
    /// let price = try Money("19.99", "USD")    // 19.99 USD
    /// try Money("19,99", "USD")                // throws: unexpectedCharacter at offset 2
    /// ```
    ///
    /// - Parameters:
    ///   - plainText: The amount in plain decimal notation.
    ///   - currency: Its currency.
    /// - Throws: ``MoneyParseError``: ``MoneyParseError/Kind/empty``,
    ///   ``MoneyParseError/Kind/unexpectedCharacter`` (a character other than a leading `-`,
    ///   digits and one `.`), ``MoneyParseError/Kind/multipleDecimalSeparators``,
    ///   ``MoneyParseError/Kind/missingNumber`` (no digit) or ``MoneyParseError/Kind/overflow``
    ///   (more than 38 significant digits), with the offset of the offending character.
    public init(_ plainText: String, _ currency: Currency) throws(MoneyParseError) {
        self.amount = try Money.plainAmount(plainText)
        self.currency = currency
    }

    /// Creates an amount from a count of the currency's minor units, exactly: 1999 cents
    /// are 19.99 USD, 1999 yen are 1999 JPY (no minor unit), 1999 fils are 1.999 KWD.
    ///
    /// - Parameters:
    ///   - minorUnits: The amount in minor units (``Currency/minorUnits`` fraction digits).
    ///   - currency: Its currency.
    public init(minorUnits: Int, _ currency: Currency) {
        let exact = ExactDecimal(significand: UInt128(minorUnits.magnitude), scale: currency.minorUnits,
                                 isNegative: minorUnits < 0)
        self.amount = exact.decimal
        self.currency = currency
    }

    /// Reads plain decimal text (``ExactDecimal``'s one reader), naming the first character
    /// that does not fit.
    private static func plainAmount(_ text: String) throws(MoneyParseError) -> Decimal {
        func error(_ kind: MoneyParseError.Kind, at offset: Int) -> MoneyParseError {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            return MoneyParseError(kind, offset: offset, excerpt: String(text[start...].unicodeScalars.first!))
        }
        switch ExactDecimal.scan(plainText: text) {
        case .success(let exact): return exact.decimal
        case .failure(.empty): throw MoneyParseError(.empty)
        case .failure(.noDigits): throw MoneyParseError(.missingNumber)
        case .failure(.unexpectedCharacter(let offset)): throw error(.unexpectedCharacter, at: offset)
        case .failure(.secondPoint(let offset)): throw error(.multipleDecimalSeparators, at: offset)
        case .failure(.overflow): throw MoneyParseError(.overflow, offset: 0)
        }
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

/// A value that is an exact amount of money as it stands: `Decimal`, the only conformer in
/// MoneyKit (a decimal type of your own may conform too).
///
/// ``Money/init(_:_:)-(Amount,_)`` takes its amount through this protocol, not as a
/// `Decimal` parameter, so that Swift cannot turn a floating-point literal into the amount:
/// `Money(19.99, "USD")` does not compile (`Double` does not conform), while
/// `Money(price, "USD")` with `price: Decimal` does.
public protocol ExactAmount {
    /// The amount as an exact `Decimal`.
    var exactAmount: Decimal { get }
}

extension Decimal: ExactAmount {
    /// The value itself.
    public var exactAmount: Decimal { self }
}
