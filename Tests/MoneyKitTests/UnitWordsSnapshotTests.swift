import Foundation
@testable import MoneyKit
import Testing

/// The unit words MoneyKit derives from ICU's names (Docs/ParsingRules.md §7), for a score of
/// languages, kept in `TestData/unit-words.tsv` for review: the test fails when the derivation
/// (or ICU's names) changes, showing what changed. Regenerate after a deliberate change with
///
///     MONEYKIT_REGENERATE_UNIT_WORDS=1 swift test -c release -Xswiftc -enable-testing --filter UnitWordsSnapshotTests
@Suite struct UnitWordsSnapshotTests {
    static let languages = ["en", "de", "fr", "es", "pt", "it", "nl", "ru", "uk", "pl", "cs", "sv", "nb", "da", "fi",
                            "tr", "ar", "he", "hi", "bn", "ja", "ko", "vi", "id", "hu", "ro", "bg", "el"]
    static let file = TestData.directory.appendingPathComponent("unit-words.tsv")

    /// The table as the parser derives it today: language, unit word, its currencies.
    static func derivedTable() -> String {
        var lines = ["# Unit words derived from ICU \(ICU.version)'s currency names (Docs/ParsingRules.md §7).",
                     "# Generated: MONEYKIT_REGENERATE_UNIT_WORDS=1 swift test -c release -Xswiftc -enable-testing --filter UnitWordsSnapshotTests",
                     "# language\tunit word (case-folded)\tcurrencies"]
        for language in languages {
            let words = EverydayFormsTests.unitWords(language).words
            for word in words.keys.sorted() {
                lines.append("\(language)\t\(word)\t\(words[word]!.sorted().joined(separator: ","))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("The derived unit words are the checked-in table")
    func derivationMatchesTheTable() throws {
        let derived = Self.derivedTable()
        if ProcessInfo.processInfo.environment["MONEYKIT_REGENERATE_UNIT_WORDS"] != nil {
            try derived.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: Self.file, encoding: .utf8)
        let storedLines = Set(stored.split(separator: "\n")), derivedLines = Set(derived.split(separator: "\n"))
        #expect(storedLines.count > 3000)
        #expect(storedLines.subtracting(derivedLines).isEmpty, "no longer derived: \(storedLines.subtracting(derivedLines).sorted().prefix(20))")
        #expect(derivedLines.subtracting(storedLines).isEmpty, "newly derived: \(derivedLines.subtracting(storedLines).sorted().prefix(20))")
    }
}
