import Foundation
@testable import MoneyKit
import MoneyKitCorpus
import Synchronization
import TestSupport
import Testing

/// A locale builds its marker tables and compact affixes on its first parse that the common
/// shape does not read (LocaleProfile.swift): most of a cold locale's time and memory.
@Suite struct LazyTablesTests {
    /// Bytes of a text, for the stage-level entry points.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func aProfileStartsWithoutItsMarkerTablesAndCompactAffixes() throws {
        // Built directly, not through the shared cache: no other test can have warmed it.
        let profile = LocaleProfile(identifier: "de_CH")
        #expect(!profile.currencies.hasBuiltMarkers)
        #expect(!profile.hasBuiltCompactAffixes)
        let shape = try #require(profile.commonShape)
        let money = Self.withBytes("CHF 1'234.50") { shape.read($0) }
        #expect(money == (try Money("1234.50", Currency(code: "CHF"))))
        #expect(!profile.currencies.hasBuiltMarkers, "the common shape reads without the marker tables")
        #expect(!profile.hasBuiltCompactAffixes)
    }

    @Test func theGeneralMachineBuildsThemOnFirstUse() throws {
        let profile = LocaleProfile(identifier: "fr_CA")
        let result = try Self.withBytes("2,5 k$") { bytes in try StageTests.machineResult(bytes, profile, hint: nil) }
        #expect(result.structure.firstMarker != nil)
        #expect(profile.currencies.hasBuiltMarkers)
        #expect(profile.hasBuiltCompactAffixes)
        // The same tables a profile built the usual way holds (shared name table).
        #expect(profile.currencies.markers.names === LocaleProfile.profile(for: "fr_CA").currencies.markers.names)
    }

    // MARK: Inputs without words

    /// A parse's outcome, comparable: the money, or the error's kind and offset.
    static func outcome(_ parser: MoneyParser, _ text: String) -> String {
        do {
            let money = try parser.parse(text)
            return "\(money.amount) \(money.currency.code)"
        } catch {
            return "\(error.kind.name) at \(error.offset.map(String.init) ?? "none")"
        }
    }

    @Test func anInputWithoutWordsIsReadWithoutTheLocalesWordTables() throws {
        // ru has no region, so even `1` takes the general machine.
        let profile = LocaleProfile(identifier: "ru")
        let parser = MoneyParser(locale: Locale(identifier: "ru"), profile: profile)
        #expect(Self.outcome(parser, "1 234,56 $") == "1234.56 USD")
        #expect(Self.outcome(parser, "-5\u{A0}€") == "-5 EUR")
        #expect(Self.outcome(parser, "1") == "missingCurrency at none")
        #expect(profile.currencies.hasBuiltWordlessMarkers)
        #expect(!profile.currencies.hasBuiltMarkers, "no word to read: the name table is not derived")
        #expect(!profile.hasBuiltCompactAffixes)
        // Words build the locale's own tables; from then on every input reads with them.
        #expect(Self.outcome(parser, "1 234,56 российских рублей") == "1234.56 RUB")
        #expect(Self.outcome(parser, "5 млн $") == "5000000 USD")
        #expect(profile.currencies.hasBuiltMarkers)
        #expect(profile.hasBuiltCompactAffixes)
        #expect(Self.outcome(parser, "1 234,56 $") == "1234.56 USD")
        // `&` is a qualifier word in English: an input that holds it reads with the own tables.
        let english = LocaleProfile(identifier: "en")
        let englishParser = MoneyParser(locale: Locale(identifier: "en"), profile: english)
        #expect(Self.outcome(englishParser, "$5") == "5 USD")
        #expect(!english.currencies.hasBuiltMarkers)
        #expect(Self.outcome(englishParser, "$5 & $6") == "multipleMarkers at 5")
        #expect(english.currencies.hasBuiltMarkers)
        // The two tables hold the same own keys (derived once).
        #expect(profile.currencies.markers.own.standardSymbols == profile.currencies.unmanagedWordlessMarkers.takeUnretainedValue().own.standardSymbols)
    }

    @Test func lettersMarksAndNumeralsAreWordCharacters() {
        for (text, expected) in [("1 234,56 $", false), ("-€5", false), ("\u{200F}1\u{A0}000 ₪", false), ("١٢٣ ر.س", true),
                                 ("1 000 руб", true), ("5K", true), ("1万", true), ("〇", true), ("12\u{301}", true),
                                 ("₹ 1,00,000", false), ("¥1", false), ("", false)] {
            #expect(Self.withBytes(text) { WordCharacters.lettersMarksAndNumerals.occur(in: $0) } == expected, "\(text)")
        }
    }

    /// Why an input without a word character can match no key of the word tables (with
    /// ``everyKeyOfTheWordTablesHoldsAWordCharacter()``): whatever is no letter, mark or
    /// numeral folds to no letter, mark or numeral, as keys and input are matched.
    @Test func foldingMakesNoWordCharacterOfAnyOtherCharacter() {
        var offenders: [String] = []
        var checked = 0
        var misclassified: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard Unicode.Scalar(value) != nil else { continue }
            // The shortcuts (ranges without letters, the bit table) agree with the properties.
            let isLetter = value < 0x80 ? Characters.isASCIILetter(UInt8(value)) : Characters.isLetterOrMark(value)
            if Characters.isWordCharacter(value) != (isLetter || Numerals.kind(value) != nil) {
                misclassified.append(String(format: "U+%04X", value))
            }
            guard !Characters.isWordCharacter(value), !Characters.isIgnorable(value) else { continue }
            checked += 1
            var key: [UInt8] = []
            MarkerKey.appendKeyBytes(of: Characters.canonical(value), folded: true) { key.append($0) }
            let folded = String(decoding: key, as: UTF8.self).unicodeScalars
            if folded.contains(where: { Characters.isWordCharacter($0.value) }) {
                offenders.append(String(format: "U+%04X", value))
            }
        }
        #expect(checked > 800_000)
        #expect(misclassified.isEmpty, "\(misclassified.prefix(20))")
        #expect(offenders.isEmpty, "\(offenders.prefix(20))")
    }

    /// Every key of a trie, walked byte by byte.
    static func keys(of trie: MarkerTrie) -> [[UInt8]] {
        var keys: [[UInt8]] = []
        var stack: [(node: Int32, key: [UInt8])] = [(MarkerTrie.root, [])]
        while let (node, key) = stack.popLast() {
            if trie.value(at: node) >= 0 { keys.append(key) }
            for byte in UInt8(0)...255 {
                let child = trie.child(of: node, byte: byte)
                if child >= 0 { stack.append((child, key + [byte])) }
            }
        }
        return keys
    }

    /// What an input without a letter, mark or numeral can match of a locale's word tables:
    /// nothing. A key of the compact affixes without one begins with a digit (where the
    /// lexer reads a number: `1.000.000.000.000` in km); a key of the name table or qualifier
    /// words without one begins with a digit (`2009`, of a name no longer current) or holds one of the locale's
    /// letterless name characters, which send the input to the locale's own tables (`&` in English).
    @Test func aKeyWithoutALetterIsOutOfAWordlessInputsReach() {
        var seen = Set<ObjectIdentifier>()
        var offenders: [String] = []
        var checked = 0
        var withoutLetters = 0
        func check(_ keys: [[UInt8]], _ table: String, _ locale: String, others: [UInt32]?) {
            for key in keys {
                checked += 1
                let scalars = String(decoding: key, as: UTF8.self).unicodeScalars.map(\.value)
                guard !scalars.contains(where: Characters.isWordCharacter) else { continue }
                withoutLetters += 1
                if DigitSystems.digit(scalars[0]) != nil { continue }
                if let others, scalars.contains(where: others.sortedContains) { continue }
                offenders.append("\(locale) \(table): \(String(reflecting: String(decoding: key, as: UTF8.self)))")
            }
        }
        for locale in TestLocales.walked {
            let profile = LocaleProfile.profile(for: locale)
            let markers = profile.currencies.markers
            let others = profile.currencies.unmanagedWordlessMarkers.takeUnretainedValue().wordCharacters?.nameCharacters
            #expect(others != nil && markers.wordCharacters == nil, "only the wordless tables stop at word characters")
            // Tables are shared by locales; each is checked against the first locale's
            // characters that holds it (locales sharing a name table share its names).
            if seen.insert(ObjectIdentifier(markers.names)).inserted { check(Self.keys(of: markers.names), "names", locale, others: others) }
            if seen.insert(ObjectIdentifier(markers.qualifierWords)).inserted {
                check(Self.keys(of: markers.qualifierWords.trie), "qualifier words", locale, others: others)
            }
            if seen.insert(ObjectIdentifier(profile.compact)).inserted {
                check(profile.compact.entries.map(\.key), "compact affixes", locale, others: nil)
            }
        }
        print("Word-table keys: \(checked), \(withoutLetters) without a letter")
        #expect(checked > 100_000)
        #expect(withoutLetters > 50, "the keys without a letter this test is about")
        #expect(offenders.isEmpty, "\(offenders.count): \(offenders.prefix(20))")
    }

    /// Every corpus input the wordless tables read (no word character, no letterless name
    /// character), in its row's locale and in two other ICU locales drawn for it, reads the
    /// same with them (a profile whose own tables are never built) as with the locale's own.
    @Test func corpusInputsWithoutWordsReadTheSameWithoutTheWordTables() {
        let locales = TestLocales.walked
        var generator = SplitMix64(seed: 21)
        var fresh: [String: LocaleProfile] = [:]
        var compared = 0
        var differences: [String] = []
        for row in TestData.cases {
            guard let rowLocale = row.locale, !Self.withBytes(row.input, { WordCharacters.lettersMarksAndNumerals.occur(in: $0) }) else { continue }
            let hint = row.currency.flatMap { try? Currency(code: $0) }
            let options = row.options ?? .init()
            let drawn = (0..<2).map { _ in locales[Int(generator.next() % UInt64(locales.count))] }
            for locale in [rowLocale] + drawn {
                let wordless = fresh[locale] ?? LocaleProfile(identifier: locale)
                fresh[locale] = wordless
                let takesWordless = Self.withBytes(row.input) { bytes in
                    wordless.currencies.unmanagedWordlessMarkers.takeUnretainedValue().readsWithoutWords(bytes)
                }
                guard takesWordless else { continue }
                let own = LocaleProfile.profile(for: locale)
                _ = own.currencies.markers
                _ = own.compact
                let identifier = Locale(identifier: locale)
                let expected = Self.outcome(MoneyParser(locale: identifier, profile: own, currency: hint, options: options), row.input)
                let got = Self.outcome(MoneyParser(locale: identifier, profile: wordless, currency: hint, options: options), row.input)
                compared += 1
                if got != expected {
                    differences.append("\(row.id) \(String(reflecting: row.input)) \(locale): \(got), expected \(expected)")
                }
            }
        }
        print("Corpus inputs read with the wordless tables: \(compared) readings")
        #expect(compared > (Sanitizers.active ? 2_000 : 4_000))
        #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(20))")
        #expect(fresh.values.allSatisfy { !$0.currencies.hasBuiltMarkers && !$0.hasBuiltCompactAffixes })
    }

    @Test func markerTablesBuiltOnAnotherThreadAreTheOnesTheParseReads() throws {
        // What a language's first input with a word does once the global tables are built
        // (LocaleProfile.generalTables(for:)): the marker tables build on a thread of their
        // own while this one builds the compact affixes, and the parse waits for them.
        _ = GlobalMarkers.shared
        #expect(GlobalMarkers.isBuilt)
        let inputs = ["1 234,56 российских рублей", "5 млн $", "12 zł 50 gr", "3,5 millones de pesos", "7 euroa", "$5 & $6", "1"]
        for identifier in ["ru", "pl", "es_MX", "fi"] {
            let profile = LocaleProfile(identifier: identifier)
            profile.currencies.startBuildingMarkers()
            let parser = MoneyParser(locale: Locale(identifier: identifier), profile: profile)
            let serial = MoneyParser(locale: Locale(identifier: identifier))
            for input in inputs {
                #expect(Self.outcome(parser, input) == Self.outcome(serial, input), "\(identifier): \(input)")
            }
            #expect(profile.currencies.hasBuiltMarkers)
            #expect(profile.currencies.markers.names === LocaleProfile.profile(for: identifier).currencies.markers.names)
            if identifier == "ru" {
                #expect(Self.outcome(parser, "1 234,56 российских рублей") == "1234.56 RUB")
                #expect(Self.outcome(parser, "5 млн $") == "5000000 USD")
            }
        }
        // Whether a language's scale words are derived decides it; an unknown one never is.
        _ = ScaleWords.forLocale("ru")
        #expect(ScaleWords.areDerived(forLocale: "ru_UA"))
        #expect(!ScaleWords.areDerived(forLocale: "zz_Test"))
    }

    @Test func aLazyReferenceIsBuiltOnceWhateverTheReaders() async {
        final class Box: Sendable { let value = 42 }
        let builds = Atomic<Int>(0)
        let reference = LazyReference { builds.add(1, ordering: .relaxed); return Box() }
        #expect(!reference.isBuilt)
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(reference.value) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(builds.load(ordering: .relaxed) == 1)
        #expect(reference.isBuilt)
        #expect(reference.value.value == 42)
    }
}
