import Foundation
import MoneyKit
import Testing

/// What a program shows of an error: `localizedDescription` (SwiftUI alerts, logs) and the
/// place of the offending text in the forms text APIs use.
@Suite struct ErrorPresentationTests {
    @Test func parseErrorsDescribeThemselvesThroughLocalizedError() throws {
        let error = try #require(throws: MoneyParseError.self) {
            try MoneyParser.parse("12,34,5 €", locale: Locale(identifier: "de_DE"))
        }
        #expect((error as any Error).localizedDescription == error.description)
        #expect(error.description == "The digit groups around \",\" at offset 5 do not match the locale's grouping "
            + "or groups of three; check the separators.")
    }

    @Test func arithmeticErrorsAreSentences() {
        #expect((MoneyArithmeticError.currencyMismatch("USD", "EUR") as any Error).localizedDescription
            == "Cannot combine USD with EUR without a conversion.")
        #expect((MoneyArithmeticError.divisionByZero as any Error).localizedDescription == "Division by zero.")
    }

    /// (input, locale, UTF-8 range, UTF-16 range, the text the range selects)
    static let places: [(String, String, Range<Int>, Range<Int>, String)] = [
        ("12,34,5 €", "de_DE", 5..<6, 5..<6, ","),
        ("€ 12,34,5", "de_DE", 9..<10, 7..<8, ","),
        ("😀 5 €", "de_DE", 0..<4, 0..<2, "😀"),
        ("5 € 😀", "de_DE", 6..<10, 4..<6, "😀"),
        ("١٢٣ ج.م. x", "ar_EG", 14..<15, 9..<10, "x"),
    ]

    @Test(arguments: places)
    func errorsGiveTheirPlaceInEveryForm(input: String, locale: String, utf8: Range<Int>, utf16: Range<Int>, text: String) throws {
        let error = try #require(throws: MoneyParseError.self) {
            try MoneyParser.parse(input, locale: Locale(identifier: locale))
        }
        #expect(error.utf8Range == utf8)
        #expect(error.utf16Range(in: input) == utf16)
        let range = try #require(error.range(in: input))
        #expect(String(input[range]) == text)
    }

    @Test func errorsWithoutAPlaceHaveNoRange() throws {
        let error = try #require(throws: MoneyParseError.self) { try MoneyParser.parse("  ", locale: Locale(identifier: "en_US")) }
        #expect(error.kind == .empty)
        #expect(error.utf8Range == nil)
        #expect(error.range(in: "  ") == nil)
        #expect(error.utf16Range(in: "  ") == nil)
    }

    @Test func aRangeNeedsTheInputItCameFrom() throws {
        let error = try #require(throws: MoneyParseError.self) {
            try MoneyParser.parse("5 € 😀", locale: Locale(identifier: "de_DE"))
        }
        #expect(error.range(in: "5 €") == nil)
    }
}
