import Foundation
@testable import MoneyKit
import Testing

@Suite struct LocaleDataTests {
    /// The global symbol table is read from ICU's currency bundles; it must hold every
    /// symbol and narrow symbol that `ucurr_getName` gives for every locale.
    @Test("Global symbol table covers every locale's symbols")
    func globalSymbolsCoverEveryLocale() {
        let global = GlobalMarkers.shared
        var missing: [String] = []
        var checked = 0
        for locale in ICU.availableLocales + ["root"] {
            for currency in Currency.allKnown where currency.isCurrent {
                for kind in [ICU.CurrencyNameKind.symbol, .narrowSymbol] {
                    guard let symbol = ICU.currencyName(currency.code, locale: locale, kind: kind) else { continue }
                    let key = MarkerKey.bytes(of: symbol, folded: false)
                    guard !key.isEmpty else { continue }
                    checked += 1
                    let id = global.symbols.value(forKey: key)
                    if id < 0 || !global.symbolInfos[Int(id)].symbols.contains(currency.index) {
                        missing.append("\(locale) \(currency.code) \(symbol)")
                    }
                }
            }
        }
        print("Global symbol table: \(checked) locale symbols checked")
        #expect(checked > 90_000)
        #expect(missing.isEmpty, "\(missing.prefix(20))")
    }

    /// A profile reads the decimal pattern from ICU's data instead of opening a formatter for
    /// it; in every locale (and with every default numbering system) it must be the pattern, and
    /// give the grouping sizes, of ICU's own decimal formatter. (Not so for the currency styles,
    /// which a formatter adapts to the locale's currency: its fraction digits, and the
    /// currency's own format, as for EUR in en_AT or TRY in tr_TR; a profile opens those.)
    @Test("The decimal pattern read from ICU's data equals its formatter's in every locale")
    func decimalPatternMatchesFormatter() throws {
        var mismatches: [String] = []
        var checked = 0
        for locale in ICU.availableLocales + ["root", "ar_EG", "th_TH@numbers=thai"] {
            let system = ICU.numberingSystem(ofLocale: locale).name
            let formatter = try ICU.NumberFormatSnapshot(locale: locale, style: .decimal).numberPattern
            let read = ICU.NumberPattern(decimalOf: locale, system: system)
            checked += 1
            if read != formatter { mismatches.append("\(locale): \(String(describing: read)) vs \(formatter)") }
        }
        #expect(checked > 800)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
    }

    @Test("Grouping sizes as ICU's pattern parser reads them")
    func groupingSizesOfPatterns() {
        #expect(ICU.NumberPattern.groupingSizes(of: "#,##0.###") == (3, 0))
        #expect(ICU.NumberPattern.groupingSizes(of: "#,##,##0.00 ¤") == (3, 2))
        #expect(ICU.NumberPattern.groupingSizes(of: "¤#,##0.00;(¤#,##0.00)") == (3, 0))
        #expect(ICU.NumberPattern.groupingSizes(of: "#0.00 ¤") == (0, 0))
        #expect(ICU.NumberPattern.groupingSizes(of: "'#,'#,####0") == (5, 0))
        #expect(ICU.NumberPattern.groupingSizes(of: "0E0") == (0, 0))
    }

    @Test("The currency metadata read at once equals ICU's per-currency API for every code")
    func currencyMetaMatchesICUsFunctions() throws {
        let codes = Set(try ICU.currencyCodes().map { $0.uppercased() }).sorted()
        let metas = ICU.currencyMeta(ofCodes: codes + ["QQQ"])
        #expect(metas.count == codes.count + 1)
        for (code, meta) in zip(codes + ["QQQ"], metas) {
            let api = ICU.CurrencyMeta(
                fractionDigits: ICU.fractionDigits(ofCurrency: code, cash: false),
                roundingIncrement: ICU.roundingIncrement(ofCurrency: code, cash: false),
                cashFractionDigits: ICU.fractionDigits(ofCurrency: code, cash: true),
                cashRoundingIncrement: ICU.roundingIncrement(ofCurrency: code, cash: true))
            #expect(meta == api, "\(code)")
        }
        // Exact values: CHF's cash rounds to 0.05, JPY has no minor unit, BHD three, an
        // unknown code takes ICU's DEFAULT (two digits, no rounding).
        let exact = Dictionary(uniqueKeysWithValues: zip(codes + ["QQQ"], metas))
        #expect(exact["CHF"] == ICU.CurrencyMeta(fractionDigits: 2, roundingIncrement: 0, cashFractionDigits: 2, cashRoundingIncrement: 5))
        #expect(exact["JPY"] == ICU.CurrencyMeta(fractionDigits: 0, roundingIncrement: 0, cashFractionDigits: 0, cashRoundingIncrement: 0))
        #expect(exact["BHD"] == ICU.CurrencyMeta(fractionDigits: 3, roundingIncrement: 0, cashFractionDigits: 3, cashRoundingIncrement: 0))
        #expect(exact["QQQ"] == ICU.CurrencyMeta(fractionDigits: 2, roundingIncrement: 0, cashFractionDigits: 2, cashRoundingIncrement: 0))
        #expect(metas.contains { $0.roundingIncrement != 0 || $0.cashRoundingIncrement != 0 })
    }

    @Test("The currency map read in one pass equals the map read after a buffer too small")
    func currentCurrencyRegionsFitOrRetry() {
        let now = Date().timeIntervalSince1970 * 1000
        let onePass = ICU.currentCurrencyRegions(atMilliseconds: now)
        let retried = ICU.currentCurrencyRegions(atMilliseconds: now, initialCapacity: 3)
        #expect(onePass.count > 200 && onePass.count < 1_024, "\(onePass.count) records")
        #expect(onePass.map { "\($0.region) \($0.code)" } == retried.map { "\($0.region) \($0.code)" })
        #expect(onePass.contains { $0.region == "CH" && $0.code == "CHF" })
        #expect(onePass.contains { $0.region == "EC" && $0.code == "USD" })
    }

    @Test func supplementEntriesAreLoaded() {
        let entries = MarkerSupplement.shared.entries
        #expect(entries.count >= 200)
        let rupees = entries.filter { $0.form == "Rs." }.map { "\(Currency(index: $0.currency!).code):\($0.scope.regions.joined())" }
        #expect(Set(rupees) == ["INR:IN", "PKR:PK", "NPR:NP"])
        #expect(entries.contains { $0.form == "р." && $0.scope.isEverywhere && $0.currency.map { Currency(index: $0).code } == "RUB" })
        #expect(entries.contains { $0.form == "к" && $0.kind == .multiplier && $0.exponent == 3 && $0.scope.languages == ["ru", "uk", "be"] })
        #expect(entries.contains { $0.form == "mdd" && $0.kind == .scaledSymbol && $0.exponent == 6 && $0.scope.regions == ["MX"] })
        #expect(entries.contains { $0.form == "lucas" && $0.kind == .scaledWord && $0.exponent == 3 && $0.scope.regions == ["CL"] })
        #expect(entries.contains { $0.form == "con" && $0.kind == .joiner && $0.scope.languages == ["es", "gl"] })
        for kind in MarkerSupplement.Kind.allCases {
            #expect(entries.contains { $0.kind == kind }, "no \(kind) entry")
        }
    }

    /// Every entry keeps its reason and evidence, and is what its kind says.
    @Test func supplementEntriesAreDocumentedAndConsistent() {
        let global = GlobalMarkers.shared
        for entry in MarkerSupplement.shared.entries {
            let what = "\(entry.form) \(entry.kind.rawValue)"
            #expect(entry.reason.count >= 20, "\(what): reason")
            #expect(entry.evidence.hasPrefix("https://"), "\(what): evidence")
            if entry.kind == .minor {
                // Minor units only make sense for currencies that have them.
                #expect(Currency(index: entry.currency!).minorUnits > 0, "\(what)")
            }
            if entry.kind == .symbol {
                // An entry ICU already has for the same currency would be redundant.
                let id = global.symbols.value(forKey: MarkerKey.bytes(of: entry.form, folded: false))
                #expect(!global.symbolInfos[Int(id)].symbols.contains(entry.currency!), "\(what) is an ICU symbol already")
            }
        }
        // A form is either a currency or a minor unit in any one locale (the state machine's
        // role): a form that also denotes a currency is a minor unit only in the regions of
        // its minor entries, none of which applies everywhere (`Rp.`: Rappen in CH, LI).
        for (infos, supplement) in [(global.symbolInfos, global.symbolSupplement), (global.wordInfos, global.wordSupplement)] {
            for info in infos {
                guard let index = info.supplement, !supplement[Int(index)].anyScope.minor.isEmpty else { continue }
                let entries = supplement[Int(index)]
                let major = !info.symbols.isEmpty || !info.historic.isEmpty || info.isoCode != nil || !info.englishNames.isEmpty
                    || !info.englishUnitWords.isEmpty || !entries.anyScope.symbols.isEmpty || !entries.anyScope.words.isEmpty
                #expect(!major || entries.everywhere.minor.isEmpty,
                        "a minor-unit form for every locale also denotes a currency: \(entries.entries.map { MarkerSupplement.shared.entries[$0].form })")
            }
        }
    }

    @Test func supplementFormatIsValidated() {
        let parsed = MarkerSupplement(tsv: """
            # comment

            KD\tsymbol\tKWD\t*\tKuwaiti dinar\thttps://example.org/kd
            Fr\tsymbol\tCHF\tCH,LI\tSwiss franc\thttps://example.org/fr
            к\tmultiplier\t10^3\tru,uk\tthousand\thttps://example.org/k
            TEUR\tscaled-symbol\t10^3 EUR\tde\tthousand euros\thttps://example.org/teur

            """)
        #expect(parsed.entries.map(\.form) == ["KD", "Fr", "к", "TEUR"])
        #expect(parsed.entries[1].scope.regions == ["CH", "LI"])
        #expect(parsed.entries[1].applies(inRegion: "LI", language: "de"))
        #expect(!parsed.entries[1].applies(inRegion: "FR", language: "fr"))
        #expect(parsed.entries[2].applies(inRegion: "KZ", language: "ru"))
        #expect(!parsed.entries[2].applies(inRegion: "RU", language: "tt"))
        #expect(parsed.entries[3].exponent == 3 && parsed.entries[3].currency == (try! Currency(code: "EUR")).index)
        #expect(parsed.entries[0].reason == "Kuwaiti dinar" && parsed.entries[3].evidence == "https://example.org/teur")
        // A last line without a newline is read too; a blank line and a comment between entries are not.
        let unterminated = MarkerSupplement(tsv: "# c\nKD\tsymbol\tKWD\t*\tKuwaiti dinar\thttps://e.org/kd\n\n# d\nlakh\tmultiplier\t10^5\thi\tIndian hundred thousand\thttps://e.org/l")
        #expect(unterminated.entries.map(\.form) == ["KD", "lakh"])
        #expect(unterminated.entries[1].evidence == "https://e.org/l" && unterminated.entries[1].exponent == 5)
    }

    @Test(arguments: [
        ("de_AT", ",", ".", "¤ #,##0.00"), ("fr_CH", ".", "\u{202F}", "#,##0.00 ¤"),
        ("pt_CV", "$", "\u{A0}", "#,##0.00 ¤"), ("en_BE", ".", ",", "¤#,##0.00"),
    ])
    func monetarySymbolsComeFromICU(locale: String, decimal: String, grouping: String, pattern: String) {
        let numbers = LocaleProfile.profile(for: locale).numbers
        #expect(numbers.monetaryDecimalSymbol == decimal)
        #expect(numbers.monetaryGroupingSymbol == grouping)
        #expect(numbers.currencyPattern.replacingOccurrences(of: "\u{A0}", with: " ") == pattern)
    }

    @Test func groupingSchemesIncludeBothPatterns() {
        // en_IN: currency and number patterns group 3-then-2; ICU's accounting pattern, ¤#,##0.00, groups in threes.
        #expect(LocaleProfile.profile(for: "en_IN").numbers.groupingSchemes == [GroupingScheme(primary: 3, secondary: 2), .thousands])
        #expect(LocaleProfile.profile(for: "hi_IN").numbers.groupingSchemes == [GroupingScheme(primary: 3, secondary: 2)])
        #expect(LocaleProfile.profile(for: "de_DE").numbers.groupingSchemes == [.thousands])
        // ur_IN: the currency and number patterns both use 3-then-2.
        #expect(LocaleProfile.profile(for: "ur_IN").numbers.groupingSchemes.contains(GroupingScheme(primary: 3, secondary: 2)))
    }

    @Test func regionDefaults() {
        #expect(LocaleProfile.profile(for: "de_CH").defaultCurrency == "CHF")
        #expect(LocaleProfile.profile(for: "zh_Hant_TW").defaultCurrency == "TWD")
        #expect(LocaleProfile.profile(for: "en").defaultCurrency == nil)
        #expect(LocaleProfile.profile(for: "es_419").defaultCurrency == nil)
        #expect(LocaleProfile.profile(for: "en_150").defaultCurrency == nil)
    }

    @Test func nativeDigits() {
        let arabic = LocaleProfile.profile(for: "ar_EG").numbers
        #expect(arabic.numberingSystem == "arab")
        #expect(arabic.nativeDigits.first == "\u{0660}")
        #expect(LocaleProfile.profile(for: "de_DE").numbers.numberingSystem == "latn")
    }

    @Test func digitSystemsComeFromICU() {
        #expect(DigitSystems.zeros.count > 60)
        #expect(DigitSystems.digit(0x0967)! == (0x0966, 1))  // Devanagari 1
        #expect(DigitSystems.digit(0x1E952)! == (0x1E950, 2))  // Adlam 2
        #expect(DigitSystems.digit(0xFF19)! == (0x30, 9))  // fullwidth 9 counts as ASCII
        #expect(DigitSystems.digit(0x4E00)! == (Numerals.hanZero, 1))  // 一: a Han digit (§4b), value from ICU
        #expect(DigitSystems.digit(0x4E24)! == (Numerals.hanZero, 2))  // 两: ICU has no value; ours
        #expect(DigitSystems.digit(0xC0BC)! == (Numerals.hangulZero, 3))  // 삼
        #expect(DigitSystems.digit(0x4EBA) == nil)  // 人: not a numeral
    }

    @Test func markerTrieFindsTheLongestKey() {
        let trie = MarkerTrie([(Array("kr".utf8), 1), (Array("kr.".utf8), 2), (Array("k".utf8), 3)])
        let input = Array("kr.5".utf8)
        let match = input.withUnsafeBufferPointer { MarkerKey.longestMatch(in: $0, from: 0, trie: trie, folded: false) }
        #expect(match?.end == 3)
        #expect(match?.value == 2)
        let short = Array("k 5".utf8)
        let partial = short.withUnsafeBufferPointer { MarkerKey.longestMatch(in: $0, from: 0, trie: trie, folded: false) }
        #expect(partial?.value == 3)
        // A key never cuts a word (§7): `k` before another letter is no match.
        let word = Array("kx".utf8)
        #expect(word.withUnsafeBufferPointer { MarkerKey.longestMatch(in: $0, from: 0, trie: trie, folded: false) } == nil)
    }

    /// The double array holds exactly the keys given: every key and every prefix of one is
    /// reached byte by byte with the right value (the last of a repeated key), every byte
    /// that continues no key from any node reached is -1, and `hasChildren` says which nodes
    /// lead on. Random keys over a small alphabet (long shared prefixes, many branches at
    /// one node) and over every byte (nodes placed far apart, and the bytes 0 and 255 in
    /// tails), with the chains of one key in tails and without; without, the double array's
    /// own view takes every step the tail-aware one does.
    @Test("The double-array trie finds every key and nothing else", arguments: [
        (4, 300, 6, false), (256, 2_000, 5, false), (3, 40, 30, false),
        (4, 300, 6, true), (256, 2_000, 5, true), (3, 40, 30, true),
    ])
    func doubleArrayHoldsExactlyItsKeys(alphabet: Int, keyCount: Int, longest: Int, tails: Bool) {
        var generator = SplitMix64(seed: UInt64(alphabet * 1_000 + keyCount))
        var entries: [(key: [UInt8], value: Int32)] = []
        for index in 0..<keyCount {
            let length = Int.random(in: 1...longest, using: &generator)
            let key = (0..<length).map { _ in UInt8(truncatingIfNeeded: 0x20 + Int.random(in: 0..<alphabet, using: &generator)) }
            entries.append((key, Int32(index)))
        }
        entries.append((entries[7].key, 99_999))  // a repeated key: the last value wins
        var expected: [[UInt8]: Int32] = [:]
        var prefixes = Set<[UInt8]>([[]])
        var continued = Set<[UInt8]>()  // prefixes that some key continues
        for (key, value) in entries {
            expected[key] = value
            for length in 1...key.count {
                prefixes.insert(Array(key[0..<length]))
                continued.insert(Array(key[0..<(length - 1)]))
            }
        }
        let trie = MarkerTrie(entries, tails: tails)
        #expect(trie.nodeCount == prefixes.count)
        #expect(trie.value(forKey: entries[7].key) == 99_999)
        // With tails, a prefix below which the keys form a single path (each a prefix of
        // the longest), under one where they do not (or the root), begins a tail: the rest of
        // the longest key's bytes, and each key below the prefix's mark and value (3 cells).
        func keysBelow(_ prefix: [UInt8]) -> [[UInt8]] { expected.keys.filter { $0.starts(with: prefix) } }
        func isPath(_ prefix: [UInt8]) -> Bool {
            let below = keysBelow(prefix)
            let longest = below.max { $0.count < $1.count } ?? prefix
            return below.allSatisfy { longest.starts(with: $0) }
        }
        var tailCells = 0
        for prefix in prefixes where !prefix.isEmpty && continued.contains(prefix) && isPath(prefix) {
            guard prefix.count == 1 || !isPath(Array(prefix.dropLast())) else { continue }
            let below = keysBelow(prefix).filter { $0.count > prefix.count }
            tailCells += below.map(\.count).max()! - prefix.count + 3 * below.count
        }
        #expect(trie.cellCount == (tails ? tailCells : 0))
        #expect(tailCells > 0)
        for prefix in prefixes {
            var node = MarkerTrie.root
            for byte in prefix { node = trie.child(of: node, byte: byte) }
            #expect(node >= 0)
            #expect(trie.value(at: node) == expected[prefix] ?? -1)
            #expect(trie.view.hasChildren(node) == continued.contains(prefix))
            for byte in UInt8.min...UInt8.max where !prefixes.contains(prefix + [byte]) {
                #expect(trie.child(of: node, byte: byte) == -1)
            }
            if !tails {
                #expect(trie.doubleArrayView.value(at: node) == trie.value(at: node))
                #expect((UInt8.min...UInt8.max).allSatisfy { trie.doubleArrayView.child(of: node, byte: $0) == trie.child(of: node, byte: $0) })
            }
        }
    }
}

/// The ICU layer's own UTF-16 decoding, its distinct symbol records, and the ASCII shortcut
/// of the case-insensitive form rule, each against the general path.
@Suite struct LocaleDataShortcutTests {
    @Test("A bundle's own formats read alone are those read with its symbols, in every bundle")
    func ownFormatsReadAlone() {
        var formats = 0
        for bundle in ICU.currencyBundleNames {
            let both = ICU.bundleRecords(bundle, symbols: true, ownFormats: true)
            func text(_ records: [ICU.BundleSymbol]) -> [String] { records.map { "\($0.code) \($0.kind) \($0.symbol)" } }
            #expect(text(ICU.currencyOwnFormats(definedInBundle: bundle)) == text(both.filter { $0.kind == .ownFormat }), "\(bundle)")
            #expect(text(ICU.currencySymbols(definedInBundle: bundle)) == text(both.filter { $0.kind != .ownFormat }), "\(bundle)")
            formats += both.count { $0.kind == .ownFormat }
        }
        #expect(formats > 0)
        #expect(ICU.currencyOwnFormats(definedInBundle: "en_150").contains { $0.code == "EUR" })
    }

    @Test("The distinct symbol records are each bundle's records, each once, where it first comes")
    func distinctBundleSymbols() {
        func line(_ record: ICU.BundleSymbol) -> String { "\(record.code) \(record.kind) \(record.symbol)" }
        var expected: [String] = []
        var seen = Set<String>()
        var records = 0
        for bundle in ICU.currencyBundleNames {
            for record in ICU.currencySymbols(definedInBundle: bundle) where record.kind != .ownFormat {
                records += 1
                if seen.insert(line(record)).inserted { expected.append(line(record)) }
            }
        }
        let distinct = ICU.distinctCurrencySymbolsOfEveryBundle()
        #expect(distinct.map(line) == expected)
        #expect(!distinct.contains { $0.kind == .ownFormat })
        // Most records repeat (ICU 72: 1,090 distinct of 42,071), so keeping them out was tested.
        #expect(records > 2 * expected.count)
    }

    @Test("ICU's UTF-16 is decoded as the standard library decodes it", arguments: [
        [], [0x41, 0x42], [0x20AC, 0x0031], [0xD835, 0xDFD8], [0x00E9, 0x0800, 0x07FF, 0xFFFF],
        [0xD800], [0xDC00], [0x0041, 0xD800], [0xD800, 0x0041], [0xDC00, 0xD800], [0xDBFF, 0xDFFF, 0xD83D],
    ] as [[UInt16]])
    func utf16Decoding(_ units: [UInt16]) {
        let expected = String(decoding: units, as: UTF16.self)
        #expect(units.withUnsafeBufferPointer { ICU.string(utf16: $0) } == expected)
    }

    @Test("Random UTF-16, lone surrogates included, decodes as the standard library decodes it")
    func randomUTF16Decoding() {
        var generator = SplitMix64(seed: 2026)
        // Units drawn from every range whose UTF-8 length differs, surrogates over-weighted.
        let ranges: [ClosedRange<UInt16>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF]
        for _ in 0..<5_000 {
            let units = (0..<Int(generator.next() % 12)).map { _ in
                let range = ranges[Int(generator.next() % UInt64(ranges.count))]
                return range.lowerBound + UInt16(generator.next() % UInt64(range.count))
            }
            let decoded = units.withUnsafeBufferPointer { ICU.string(utf16: $0) }
            #expect(decoded == String(decoding: units, as: UTF16.self), "\(units)")
        }
    }

    @Test("The case-insensitive form rule reads ASCII as the Unicode properties do", arguments: [
        ("LEI", true), ("Ksh.", true), ("so'm", true), ("kr", false), ("Rs", false), ("Rs.", false), ("US$", false),
        ("abc1", false), ("a.b.c", false), ("ab'", false), ("'abc'", true), ("abc..", false), ("", false), ("CFA F", false),
    ])
    func caseInsensitiveASCII(_ form: String, _ expected: Bool) {
        #expect(MarkerKey.isCaseInsensitiveForm(form) == expected)
        #expect(MarkerKey.isCaseInsensitiveASCIIForm(form) == expected)
        #expect(MarkerKey.isCaseInsensitiveFormByProperties(form) == expected)
    }

    @Test("Every ASCII string of up to three characters gets the same answer from both paths")
    func caseInsensitiveASCIIExhaustive() {
        let alphabet = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        var checked = 0
        for first in alphabet {
            for second in alphabet {
                for third in ["", ".", "a", "'", "1"] {
                    let form = String(first) + String(second) + third
                    #expect(MarkerKey.isCaseInsensitiveASCIIForm(form) == MarkerKey.isCaseInsensitiveFormByProperties(form), "\(form)")
                    checked += 1
                }
            }
        }
        #expect(checked == 95 * 95 * 5)
        #expect(MarkerKey.isCaseInsensitiveASCIIForm("€uro") == nil)
    }
}
