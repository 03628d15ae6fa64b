import Foundation

/// An ISO 4217 currency that ICU knows, with ICU's facts about it.
///
/// Create one from its code, or with a string literal:
///
/// ```swift
/// let franc = Currency(code: "chf")!   // codes match case-insensitively
/// franc.code                           // "CHF"
/// franc.minorUnits                     // 2
/// franc.cashRoundingIncrement          // 0.05
/// let euro: Currency = "EUR"
/// ```
///
/// Every fact (fraction digits, cash rounding) comes from the system ICU at runtime.
/// A `Currency` encodes as its code: `"EUR"`.
public struct Currency: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Position in ``CurrencyCatalog/entries``.
    let index: UInt16

    init(index: UInt16) {
        self.index = index
    }

    private var entry: CurrencyCatalog.Entry { CurrencyCatalog.shared.entries[Int(index)] }

    /// Creates the currency with an ISO 4217 code, matched case-insensitively.
    ///
    /// - Parameter code: A three-letter code such as `"EUR"` or `"usd"`; historic codes
    ///   ICU knows (`"FRF"`) are accepted.
    /// - Returns: nil when ICU does not know the code.
    public init?(code: String) {
        guard let index = CurrencyCatalog.shared.index(ofCode: code.utf8) else { return nil }
        self.index = index
    }

    /// Creates a currency from a code literal; traps when ICU does not know the code,
    /// as a literal that names no currency is a programming error. Use ``init(code:)``
    /// for codes that come from data.
    public init(stringLiteral code: String) {
        guard let currency = Currency(code: code) else {
            preconditionFailure("\"\(code)\" is not an ISO 4217 code ICU knows")
        }
        self = currency
    }

    /// The ISO 4217 code, upper case (`"EUR"`).
    public var code: String { entry.code }

    /// The number of fraction digits the currency normally shows (ICU's default fraction
    /// digits): 2 for EUR, 0 for JPY, 3 for KWD.
    public var minorUnits: Int { entry.minorUnits }

    /// The number of fraction digits used for cash (0 for CHF in some regions' data, equal
    /// to ``minorUnits`` for most currencies).
    public var cashMinorUnits: Int { entry.cashMinorUnits }

    /// The smallest step of a cash amount: 0.05 for CHF, 1 for JPY, 0.01 for USD.
    public var cashRoundingIncrement: Decimal { RoundingUnit.cash.increment(for: self) }

    /// The smallest step of a standard amount: 0.01 for EUR, 1 for JPY, 0.001 for KWD.
    public var roundingIncrement: Decimal { RoundingUnit.minor.increment(for: self) }

    /// ICU's rounding increment in minor units (0 when it has none, as for most currencies).
    var roundingIncrementUnits: Int { entry.roundingIncrementUnits }

    /// ICU's cash rounding increment in cash minor units (5 for CHF; 0 when it has none).
    var cashRoundingIncrementUnits: Int { entry.cashRoundingIncrementUnits }

    /// Whether the currency is legal tender today in some region, by ICU's currency map
    /// (`EUR` yes, `FRF` no).
    public var isCurrent: Bool { entry.isCurrent }

    /// Every currency ICU knows, in code order.
    public static var allKnown: [Currency] {
        CurrencyCatalog.shared.entries.indices.map { Currency(index: UInt16($0)) }
    }

    /// The code.
    public var description: String { code }

    /// Decodes a currency from its code; fails for codes ICU does not know.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let currency = Currency(code: code) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(code)\" is not an ISO 4217 code ICU knows")
        }
        self = currency
    }

    /// Encodes the currency as its code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
