import Foundation
import MoneyKit
import Testing

/// The README's API example, line for line, with the output it shows.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        var lines: [String] = []
        func print(_ value: Any) { lines.append("\(value)") }

        // --- README example begins ---
        let swiss = MoneyParser(locale: Locale(identifier: "de_CH"))
        print(try swiss.parse("CHF 1'234.50"))
        print(try MoneyParser.parse("1 234,56 €", locale: Locale(identifier: "fr_FR")))
        print(try MoneyParser.parse("1.234", locale: Locale(identifier: "en_US")))
        print(try MoneyParser.parse("١٬٢٣٤٫٥٦ ج.م.‏", locale: Locale(identifier: "ar_EG")))

        let ukField = MoneyParser(locale: Locale(identifier: "en_GB"))
        do {
            _ = try ukField.parse("$20")
        } catch {
            print(error.kind.name)
            print(error)
        }
        let dollarField = MoneyParser(locale: Locale(identifier: "en_GB"), currency: "USD")
        print(try dollarField.parse("$20"))
        // --- README example ends ---

        let readme = try String(contentsOf: TestData.directory.deletingLastPathComponent().appendingPathComponent("README.md"),
                                encoding: .utf8)
        for line in lines {
            #expect(readme.contains(line), "README lacks the output line: \(line)")
        }
        #expect(lines.prefix(4) == ["1234.5 CHF", "1234.56 EUR", "1234 USD", "1234.56 EGP"])
        #expect(lines[4] == "ambiguousCurrency")
        #expect(lines.last == "20 USD")
    }
}
