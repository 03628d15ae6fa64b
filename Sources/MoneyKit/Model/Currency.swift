import Foundation

/// An ISO 4217 currency that ICU knows, with ICU's facts about it.
///
/// Create one from a code that comes from data with the throwing ``init(code:)``, or from
/// a literal in code:
///
/// ```swift
/// let franc = try Currency(code: "chf")   // codes match case-insensitively
/// franc.code                              // "CHF"
/// franc.minorUnits                        // 2
/// franc.cashRoundingIncrement             // 0.05
/// let euro: Currency = "EUR"              // a literal ICU does not know stops the program
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

    /// Why a code names no currency: ICU does not know it.
    public struct UnknownCodeError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
        /// The code as given.
        public let code: String

        /// Creates the error for a code.
        public init(code: String) {
            self.code = code
        }

        /// "\"XYZ\" is not an ISO 4217 currency code ICU knows."
        public var description: String { "\"\(code)\" is not an ISO 4217 currency code ICU knows." }

        /// The same sentence as ``description``.
        public var errorDescription: String? { description }
    }

    /// Creates the currency with an ISO 4217 code, matched case-insensitively: the way in
    /// for codes that come from users, files or the network.
    ///
    /// ```swift
    /// let franc = try Currency(code: "chf")     // CHF
    /// let none = try? Currency(code: "XYZ")     // nil
    /// ```
    ///
    /// - Parameter code: A three-letter code such as `"EUR"` or `"usd"`; historic codes
    ///   ICU knows (`"FRF"`) are accepted.
    /// - Throws: ``UnknownCodeError`` when ICU does not know the code.
    public init(code: String) throws(UnknownCodeError) {
        guard let index = CurrencyCatalog.shared.index(ofCode: code.utf8) else { throw UnknownCodeError(code: code) }
        self.index = index
    }

    /// Creates a currency from a code literal (`let euro: Currency = "EUR"`, or `"EUR"`
    /// wherever a `Currency` is expected). A literal that names no currency ICU knows is a
    /// programming error, like an index out of range: it stops the program with a message
    /// that says so. Use the throwing ``init(code:)`` for codes that come from data.
    public init(stringLiteral code: String) {
        do {
            self = try Currency(code: code)
        } catch {
            preconditionFailure("The currency literal \"\(code)\" is not an ISO 4217 code ICU knows; "
                + "use try Currency(code:) for codes that come from data.")
        }
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
        guard let currency = try? Currency(code: code) else {
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
