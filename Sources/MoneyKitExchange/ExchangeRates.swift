import Foundation
import MoneyKit

/// Exchange rates for one day against a base currency: how many units of each currency one
/// unit of the base buys (the ECB's form: base EUR, `USD 1.0523`).
///
/// ```swift
/// let rates = ExchangeRates(base: "EUR", date: "2026-11-20", rates: ["USD": Decimal(string: "1.0523")!])
/// try rates.convert(Money(100, "EUR"), to: "USD")   // 105.23 USD
/// try rates.convert(Money(100, "USD"), to: "EUR")   // 95.03 EUR (100 / 1.0523, half-even)
/// ```
///
/// Conversions between two non-base currencies go through the base (a cross rate). The
/// arithmetic is exact (MoneyKit's `Money`), rounded once, half-even, to the target's unit.
public struct ExchangeRates: Sendable, Hashable {
    /// The currency every rate is quoted against.
    public let base: Currency
    /// The day the rates are for, as `YYYY-MM-DD`.
    public let date: String
    /// Units of each currency per one unit of the base (the base itself is implied, 1).
    public let rates: [Currency: Decimal]

    /// Why a conversion is impossible.
    public enum ConversionError: Error, Hashable, Sendable, CustomStringConvertible {
        /// No rate for this currency on this day.
        case missingRate(Currency, date: String)
        /// The exact arithmetic failed (an overflow, or a zero rate).
        case arithmetic(MoneyArithmeticError)

        /// What went wrong, naming the currency.
        public var description: String {
            switch self {
            case let .missingRate(currency, date): "no exchange rate for \(currency.code) on \(date)"
            case let .arithmetic(error): "conversion failed: \(error)"
            }
        }
    }

    /// Creates rates.
    ///
    /// - Parameters:
    ///   - base: The currency the rates are quoted against.
    ///   - date: The day, `YYYY-MM-DD`.
    ///   - rates: Units of each currency per unit of the base; an entry for the base is ignored.
    public init(base: Currency, date: String, rates: [Currency: Decimal]) {
        self.base = base
        self.date = date
        self.rates = rates.filter { $0.key != base }
    }

    /// Units of `currency` per unit of the base: 1 for the base itself.
    ///
    /// - Parameter currency: Any currency.
    /// - Returns: The rate, or nil when there is none.
    public func rate(for currency: Currency) -> Decimal? {
        currency == base ? 1 : rates[currency]
    }

    /// Converts an amount, exactly, rounded half-even once to the target currency's unit.
    ///
    /// - Parameters:
    ///   - money: The amount.
    ///   - target: The currency to convert to.
    ///   - unit: The target's rounding unit (default: its minor unit).
    /// - Returns: The converted amount.
    /// - Throws: ``ConversionError/missingRate(_:date:)`` naming the currency without a rate.
    public func convert(_ money: Money, to target: Currency, unit: RoundingUnit = .minor) throws(ConversionError) -> Money {
        guard let from = rate(for: money.currency) else { throw .missingRate(money.currency, date: date) }
        guard let to = rate(for: target) else { throw .missingRate(target, date: date) }
        do {
            // amount × to / from: the product is exact; the one division rounds to the unit.
            let scaled = try Money(money.amount, target).multiplied(by: to)
            return try scaled.divided(by: from, unit: unit, rule: .toNearestOrEven)
        } catch {
            throw .arithmetic(error)
        }
    }
}

extension ExchangeRates: Codable {
    private enum CodingKeys: String, CodingKey {
        case base, date, rates
    }

    /// Reads the JSON rate format (Docs/ExchangeRates.md):
    /// `{"base":"EUR","date":"2026-11-20","rates":{"USD":"1.0523","JPY":"162.87"}}`; a rate may
    /// also be a JSON number, read from its text, never through `Double`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let base = try container.decode(Currency.self, forKey: .base)
        let date = try container.decode(String.self, forKey: .date)
        let texts = try container.decode([String: String].self, forKey: .rates)
        var rates: [Currency: Decimal] = [:]
        for (code, text) in texts {
            guard let currency = (try? Currency(code: code)) else {
                throw DecodingError.dataCorruptedError(forKey: .rates, in: container, debugDescription: "\(code) is no ISO 4217 code ICU knows")
            }
            guard let rate = Decimal(plainText: text), rate > 0 else {
                throw DecodingError.dataCorruptedError(forKey: .rates, in: container, debugDescription: "rate \(text) for \(code) is no positive decimal")
            }
            rates[currency] = rate
        }
        self.init(base: base, date: date, rates: rates)
    }

    /// Writes the JSON rate format, rates as exact decimal strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(base, forKey: .base)
        try container.encode(date, forKey: .date)
        try container.encode(Dictionary(uniqueKeysWithValues: rates.map { ($0.key.code, $0.value.plainText) }), forKey: .rates)
    }
}

extension ExchangeRates.ConversionError: LocalizedError {
    /// A sentence for `localizedDescription` and the alerts that show it (in English):
    /// "No exchange rate for JPY on 2026-11-20."
    public var errorDescription: String? {
        switch self {
        case let .missingRate(currency, date): "No exchange rate for \(currency.code) on \(date)."
        case let .arithmetic(error): "The conversion failed: \(error)."
        }
    }
}
