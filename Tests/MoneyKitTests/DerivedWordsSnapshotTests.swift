import Foundation
@testable import MoneyKit
import TestSupport
import Testing

/// Everything MoneyKit derives from ICU's data to read words (Docs/ParsingRules.md §2 and §7),
/// for a set of languages, kept in `TestData/derived-words.tsv` for review: unit words, nouns
/// of currencies no longer current, qualifier words (all as folded keys: case and accents
/// folded), names of languages written without spaces split into words by ICU's word break
/// rules, scale words from ICU's spell-out rules, and joiners from ICU's list patterns. The
/// test fails when the derivation (or ICU's data) changes, showing what changed. Regenerate
/// after a deliberate change with
///
///     MONEYKIT_REGENERATE_DERIVED_WORDS=1 swift test -c release -Xswiftc -enable-testing --filter DerivedWordsSnapshotTests
@Suite struct DerivedWordsSnapshotTests {
    /// The languages listed: Europe's, the Americas', and every script the parser reads.
    static let languages = ["en", "de", "fr", "es", "pt", "it", "nl", "ca", "gl", "ro", "ru", "uk", "be", "bg", "sr", "hr",
                            "sl", "pl", "cs", "sk", "hu", "sv", "nb", "da", "is", "fi", "et", "lv", "lt", "el", "tr", "az",
                            "kk", "ar", "fa", "ur", "he", "hi", "mr", "ne", "bn", "gu", "ta", "te", "kn", "ml", "si", "th",
                            "vi", "id", "ms", "fil", "sw", "am", "ja", "ko", "zh", "zh_Hant", "yue"]
    static let file = TestData.directory.appendingPathComponent("derived-words.tsv")

    /// The words of a table as text: key -> sorted codes.
    static func codes(_ table: [ByteKey: CurrencySet]) -> [(String, String)] {
        table.map { (String(decoding: $0.key.bytes, as: UTF8.self), $0.value.members.map { Currency(index: $0).code }.sorted().joined(separator: ",")) }
            .sorted { $0.0 < $1.0 }
    }

    /// The table as the parser derives it today.
    static func derivedTable() -> String {
        var lines = ["# Words derived from ICU \(ICU.version)'s data (Docs/ParsingRules.md §2 and §7), for review.",
                     "# Generated: MONEYKIT_REGENERATE_DERIVED_WORDS=1 swift test -c release -Xswiftc -enable-testing --filter DerivedWordsSnapshotTests",
                     "# Kinds: unit-word (current currencies), noun (a unit word that also names currencies no longer",
                     "# current, for qualifiers to pick), qualifier, name-words (a name of an unspaced script and the",
                     "# words ICU's word break gives), scale-word (power of ten, side of the number), joiner.",
                     "# language\tkind\tword (folded key)\tvalue"]
        for language in languages {
            let names = CurrencyNames.forLocale(language)
            let keywords = ICU.pluralKeywords(ofLocale: language)
            let derived = CurrencyConventions.NameTable.vocabulary(of: names, keywords: keywords, language: language)
            for (word, codes) in codes(derived.words) { lines.append("\(language)\tunit-word\t\(word)\t\(codes)") }
            for (word, codes) in codes(derived.nouns.filter { derived.words[$0.key] != nil && derived.words[$0.key] != $0.value }) {
                lines.append("\(language)\tnoun\t\(word)\t\(codes)")
            }
            for (word, codes) in codes(derived.qualifiers) { lines.append("\(language)\tqualifier\t\(word)\t\(codes)") }
            let splitter = NameWords(locale: language)
            var split = Set<String>()
            for position in CurrencyCatalog.shared.entries.indices where CurrencyCatalog.shared.entries[position].isCurrent {
                guard let name = names.displayName(position), name.unicodeScalars.contains(where: NameWords.isUnspacedScript) else { continue }
                let key = MarkerKey.bytes(of: name, folded: true)
                let words = splitter.words(of: key).map { String(decoding: key[$0], as: UTF8.self) }
                if words.count > 1 { split.insert("\(language)\tname-words\t\(String(decoding: key, as: UTF8.self))\t\(words.joined(separator: " | "))") }
            }
            lines += split.sorted()
            for word in ScaleWords.forLocale(language) {
                lines.append("\(language)\tscale-word\t\(word.text)\t10^\(word.exponent) \(word.side == .after ? "after" : "before")")
            }
            for joiner in JoinerWords(locale: language, region: "", language: language.prefix { $0 != "_" }.description).words {
                lines.append("\(language)\tjoiner\t\(joiner)\t-")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("The derived words are the checked-in table")
    func derivationMatchesTheTable() throws {
        let derived = Self.derivedTable()
        if ProcessInfo.processInfo.environment["MONEYKIT_REGENERATE_DERIVED_WORDS"] != nil {
            try derived.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOf: Self.file, encoding: .utf8)
        let storedLines = Set(stored.split(separator: "\n")), derivedLines = Set(derived.split(separator: "\n"))
        #expect(storedLines.count > 10_000)
        #expect(storedLines.subtracting(derivedLines).isEmpty, "no longer derived: \(storedLines.subtracting(derivedLines).sorted().prefix(20))")
        #expect(derivedLines.subtracting(storedLines).isEmpty, "newly derived: \(derivedLines.subtracting(storedLines).sorted().prefix(20))")
    }
}
