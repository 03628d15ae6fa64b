import Foundation
@testable import MoneyKit
import Testing

/// `ExactDecimal` builds `Decimal` values field by field; they must equal what Foundation's
/// own reader makes of the same text, digit for digit.
@Suite struct ExactDecimalTests {
    @Test(arguments: [
        "0", "1", "-1", "0.01", "1234.56", "-1234.5", "1000", "120000000", "0.000000001",
        "18446744073709551615", "18446744073709551616", "-98765432109876543210.12",
        "99999999999999999999999999999999999999", "0.99999999999999999999999999999999999999",
        "12345678901234567890123456", "1000000000000000000000000000000000000", "65536", "4294967296",
    ])
    func decimalMatchesFoundation(_ text: String) throws {
        let exact = try #require(ExactDecimal(plainText: text))
        let reference = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(exact.decimal == reference)
        #expect(exact.decimal.description == reference.description)
        #expect(exact.decimal.isNaN == false)
        // And back: the fields read from Foundation's own Decimal give the same value.
        let read = try #require(ExactDecimal(decimal: reference))
        #expect(read.decimal == reference)
        #expect(read.isNegative == (reference < 0))
    }
}

extension ExactDecimalTests {
    @Test("Decimal's field layout is the known one on this platform")
    func layoutIsKnown() {
        #expect(DecimalFields.packing != nil)
    }
}
