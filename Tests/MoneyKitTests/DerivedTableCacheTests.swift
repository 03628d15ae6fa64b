import Foundation
@testable import MoneyKit
import Synchronization
import Testing

/// The table cache on disk (Support/DerivedTableCache.swift, TableCoding.swift): every table
/// it keeps reads back exactly as it was built, in every ICU locale, and a file it should not
/// trust is ignored and the table built again.
@Suite struct DerivedTableCacheTests {
    /// A table's bytes as the cache writes them.
    static func encoded<Table: StoredTable>(_ table: Table) -> [UInt8] {
        var writer = TableWriter()
        table.encode(to: &writer)
        return writer.bytes
    }

    /// The table read back from its bytes, which must be read whole.
    static func readBack<Table: StoredTable>(_ bytes: [UInt8], as _: Table.Type) throws -> Table {
        var reader = TableReader(bytes)
        let table = try Table(reading: &reader)
        #expect(reader.isAtEnd)
        return table
    }

    /// Whether a table survives writing and reading back: read back, it writes the same bytes.
    static func roundTrips<Table: StoredTable>(_ table: Table) throws -> Bool {
        let bytes = encoded(table)
        return try encoded(readBack(bytes, as: Table.self)) == bytes
    }

    @Test func everyTableOfEveryLocaleReadsBackAsBuilt() throws {
        // Tables seen, held so that their identities stay theirs: another test resets the
        // caches while this one runs (ReliabilityTests), and a freed table's address can come
        // back as another's, which then looked seen (under the thread sanitizer, 3.3.5).
        var seen = Set<ObjectIdentifier>()
        var held: [AnyObject] = []
        func firstSight(_ table: AnyObject) -> Bool {
            guard seen.insert(ObjectIdentifier(table)).inserted else { return false }
            held.append(table)
            return true
        }
        var checked = (names: 0, compact: 0, scale: Set<String>(), bundles: 0, formats: Set<String>(), numberWords: Set<String>())
        for locale in ICU.availableLocales {
            let profile = LocaleProfile.profile(for: locale)
            // The currency names of the locale's bundle and its ancestors'.
            var bundle: CurrencyNames? = CurrencyNames.forLocale(locale)
            while let names = bundle, firstSight(names) {
                #expect(try Self.roundTrips(names.own), "currency names of \(locale)'s bundles")
                checked.bundles += 1
                bundle = names.parent
            }
            let names = CurrencyConventions.NameTable.forNames(
                CurrencyNames.forLocale(locale), keywords: profile.currencies.pluralKeywords,
                unitPatterns: profile.currencies.unitPatterns, language: profile.language)
            if firstSight(names) {
                #expect(try Self.roundTrips(names), "name table of \(locale)")
                checked.names += 1
            }
            let compact = CompactAffixes.forLocale(locale, numbers: profile.numbers)
            if firstSight(compact) {
                #expect(try Self.roundTrips(compact), "compact affixes of \(locale)")
                checked.compact += 1
            }
            if checked.formats.insert(profile.language).inserted {
                let sources = FormattingConventions.OwnFormatSources(language: profile.language)
                let back = try Self.readBack(Self.encoded(sources), as: FormattingConventions.OwnFormatSources.self)
                #expect(back.records == sources.records, "own formats of \(profile.language)")
            }
            let language = ScaleWords.languageAndScript(locale)
            if checked.scale.insert(language).inserted {
                let scale = ScaleWords.Table(words: ScaleWords.forLocale(locale))
                let back = try Self.readBack(Self.encoded(scale), as: ScaleWords.Table.self)
                #expect(back.words == scale.words, "scale words of \(language)")
            }
            // The ICU facts of the locale's number conventions, and the conventions they give.
            let facts = NumberConventions.ICUFacts(locale: locale)
            let factsBack = try Self.readBack(Self.encoded(facts), as: NumberConventions.ICUFacts.self)
            #expect(factsBack == facts, "number facts of \(locale)")
            #expect(NumberConventions(facts: factsBack).strictFormat == profile.numbers.strictFormat
                    && NumberConventions(facts: factsBack).currencyPattern == profile.numbers.currencyPattern, "\(locale)")
            let spellOut = NumberWords.spellOutLocale(of: locale)
            if checked.numberWords.insert(spellOut).inserted {
                let words = NumberWords.forLocale(locale)
                let back = try Self.readBack(Self.encoded(words), as: NumberWords.self)
                #expect(Self.encoded(back) == Self.encoded(words), "number words of \(spellOut)")
                #expect(back.pieces == words.pieces && back.meaningStarts == words.meaningStarts
                        && back.beginningPairs == words.beginningPairs
                        && back.multipliesSmallerScales == words.multipliesSmallerScales, "number words of \(spellOut)")
            }
        }
        #expect(try Self.roundTrips(GlobalMarkers.shared))
        let fold = MarkerKey.FoldTable()
        #expect(try Self.readBack(Self.encoded(fold), as: MarkerKey.FoldTable.self).entries == fold.entries)
        #expect(fold.entries == Array(MarkerKey.foldTable))
        // Hundreds of distinct tables of each kind (a language's, mostly), and every currency-data bundle.
        #expect(checked.names > 200 && checked.compact > 200 && checked.scale.count > 200 && checked.bundles > 500)
        #expect(held.count == seen.count)
        // Every language with spell-out rules of its own, and regional rules (`fr_CH`, `de_CH`).
        #expect(NumberWords.forLocale("ru").pieces.count > 1_000 && checked.numberWords.isSuperset(of: ["fr_CH", "de_CH"]))
        // ICU 72's own formats: EUR in en_150's English, CVE in Portuguese, among others.
        #expect(FormattingConventions.OwnFormatSources(language: "pt").records.contains {
            $0.currency == CurrencyCatalog.shared.index(ofCode: "CVE".utf8)
        })
    }

    @Test func readBackNumberWordsReadLikeTheBuiltOnes() throws {
        for locale in ["fr_CH", "ru", "de"] {
            let built = NumberWords.forLocale(locale)
            let back = try Self.readBack(Self.encoded(built), as: NumberWords.self)
            for text in ["soixante-dix", "septante-cinq", "двести пятьдесят тысяч", "zweihundertfünfzig", "qqq"] {
                let key = NumberWords.key(of: text)
                #expect(SpelledNumberReader.value(ofKey: key, in: back) == SpelledNumberReader.value(ofKey: key, in: built), "\(text) in \(locale)")
            }
        }
        #expect(SpelledNumberReader.value(ofKey: NumberWords.key(of: "septante-cinq"),
                                          in: try Self.readBack(Self.encoded(NumberWords.forLocale("fr_CH")), as: NumberWords.self)) == 75)
    }

    @Test func aReadBackTableAnswersLikeTheBuiltOne() throws {
        let built = CompactAffixes.forLocale("de_DE", numbers: LocaleProfile.profile(for: "de_DE").numbers)
        let back = try Self.readBack(Self.encoded(built), as: CompactAffixes.self)
        #expect(back.entries.map(\.key) == built.entries.map(\.key))
        #expect(back.entries.map(\.affix) == built.entries.map(\.affix))
        let key = MarkerKey.bytes(of: "Millionen", folded: true)
        #expect(back.trie.value(forKey: key) == built.trie.value(forKey: key))
        #expect(back.affixes[Int(back.trie.value(forKey: key))].exponent == 6)
        #expect(back.hasPrefixes == built.hasPrefixes && back.hasSuffixes == built.hasSuffixes)
        for scalar in "MmTtkK€x1".unicodeScalars {
            #expect(back.mayStart(with: scalar.value) == built.mayStart(with: scalar.value))
        }
    }

    /// A fresh directory under the temporary one.
    static func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("moneykit-tables-\(UUID().uuidString)").path
        return path
    }

    static let table = ScaleWords.Table(words: [
        ScaleWords.Word(text: "Millionen", exponent: 6, side: .after), ScaleWords.Word(text: "lakh", exponent: 5, side: .before),
    ])

    /// Counts the builds of ``table``.
    final class BuildCounter: Sendable {
        private let builds = Atomic<Int>(0)
        var count: Int { builds.load(ordering: .relaxed) }

        func build() -> ScaleWords.Table {
            builds.add(1, ordering: .relaxed)
            return DerivedTableCacheTests.table
        }
    }

    @Test func aTableIsBuiltOnceThenReadBack() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let builds = BuildCounter()
        let build = builds.build
        let first = DerivedTableCache.value(for: "test key", in: directory, orBuild: build)
        let second = DerivedTableCache.value(for: "test key", in: directory, orBuild: build)
        #expect(first.words == Self.table.words && second.words == Self.table.words)
        #expect(builds.count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1 && files[0].hasPrefix("scale-") && files[0].hasSuffix(".table"))
        // Another key is another file.
        _ = DerivedTableCache.value(for: "other key", in: directory, orBuild: build)
        #expect(builds.count == 2)
    }

    @Test func aDamagedOrForeignFileIsIgnoredAndTheTableBuiltAgain() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let builds = BuildCounter()
        let build = builds.build
        func lookup(_ key: String) -> String {
            switch DerivedTableCache.lookup(ScaleWords.Table.self, key: key, in: directory) {
            case .found(let table): table.words == Self.table.words ? "found" : "found other"
            case .ignored: "ignored"
            case .absent: "absent"
            }
        }
        #expect(lookup("key") == "absent")
        _ = DerivedTableCache.value(for: "key", in: directory, orBuild: build)
        #expect(lookup("key") == "found")
        let path = DerivedTableCache.path(of: ScaleWords.Table.self, key: "key", in: directory)
        let good = try #require(FileManager.default.contents(atPath: path))

        // One byte of the table changed: the checksum no longer matches.
        var damaged = good
        damaged[damaged.count - 3] ^= 0x01
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(lookup("key") == "ignored")
        let rebuilt = DerivedTableCache.value(for: "key", in: directory, orBuild: build)
        #expect(rebuilt.words == Self.table.words && builds.count == 2)
        #expect(lookup("key") == "found", "the rebuilt table is written over the damaged file")

        // Cut short.
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(lookup("key") == "ignored")
        // Empty.
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(lookup("key") == "ignored")
        // Another key's file under this key's name.
        try good.write(to: URL(fileURLWithPath: DerivedTableCache.path(of: ScaleWords.Table.self, key: "another", in: directory)))
        #expect(lookup("another") == "ignored")
        // Written by another program or ICU version: the identity line differs.
        let text = try #require(String(data: good, encoding: .isoLatin1))
        let foreign = text.replacingOccurrences(of: "icu ", with: "ICU ")
        #expect(foreign != text)
        try #require(foreign.data(using: .isoLatin1)).write(to: URL(fileURLWithPath: path))
        #expect(lookup("key") == "ignored")
    }

    @Test func tablesOutOfBoundsAreRefused() throws {
        // A trie whose values point past its table.
        let trie = MarkerTrie([(Array("abc".utf8), 0), (Array("abd".utf8), 1)])
        var writer = TableWriter()
        trie.encode(to: &writer)
        var reader = TableReader(writer.bytes)
        #expect(throws: TableReader.Invalid.self) { try MarkerTrie(reading: &reader, valueLimit: 1) }
        reader = TableReader(writer.bytes)
        let back = try MarkerTrie(reading: &reader, valueLimit: 2)
        #expect(back.value(forKey: Array("abd".utf8)) == 1 && back.value(forKey: Array("ab".utf8)) == -1)
        // A currency set naming an index beyond ICU's currencies.
        var set = CurrencySet()
        set.insert(UInt16(CurrencyCatalog.shared.entries.count))
        writer = TableWriter()
        writer.write(set)
        reader = TableReader(writer.bytes)
        #expect(throws: TableReader.Invalid.self) { try reader.readSet() }
        // A count larger than the bytes left.
        writer = TableWriter()
        writer.write(1_000)
        reader = TableReader(writer.bytes)
        #expect(throws: TableReader.Invalid.self) { try reader.readArray(of: Int32.self) }
        // A flag that is neither 0 nor 1.
        reader = TableReader([2])
        #expect(throws: TableReader.Invalid.self) { try reader.readBool() }
        // A count of items that the bytes left cannot hold (a reader would reserve for them).
        writer = TableWriter()
        writer.write(1 << 40)
        writer.write([UInt8](repeating: 0, count: 100))
        reader = TableReader(writer.bytes)
        #expect(throws: TableReader.Invalid.self) { try reader.readCount(ofItemsOfAtLeast: 8) }
        // Currency names: keys out of order, a key past ICU's currencies or fields, a text
        // ending past the bytes; then the same arrays in order, which read back.
        func names(keys: [UInt32], ends: [UInt32], utf8: [UInt8] = Array("abc".utf8)) -> [UInt8] {
            var writer = TableWriter()
            writer.write(keys)
            writer.write(ends)
            writer.write(utf8)
            writer.write([UInt32]())
            return writer.bytes
        }
        let count = UInt32(CurrencyCatalog.shared.entries.count)
        for bad in [names(keys: [5, 3], ends: [1, 2]), names(keys: [count], ends: [1]), names(keys: [40 << 16], ends: [1]),
                    names(keys: [3], ends: [4]), names(keys: [3, 5], ends: [2, 1]), names(keys: [3], ends: [])] {
            #expect(throws: TableReader.Invalid.self) { try Self.readBack(bad, as: CurrencyNames.OwnEntries.self) }
        }
        let good = try Self.readBack(names(keys: [3, 1 << 16 | 5], ends: [1, 3]), as: CurrencyNames.OwnEntries.self)
        #expect(good.text(at: 1) == "bc")
        // An own-format record naming a currency past ICU's.
        writer = TableWriter()
        writer.write(1)
        writer.write(UInt16(count))
        for text in ["#,##0.00 ¤", ",", "."] { writer.write(text) }
        #expect(throws: TableReader.Invalid.self) { try Self.readBack(writer.bytes, as: FormattingConventions.OwnFormatSources.self) }
        // Number words: a piece of an unknown kind, a count over 999, a power of ten outside
        // 10^2...10^12, meanings that start out of order or end short of the pieces.
        func numberWords(pieces: [UInt32], starts: [Int32]) -> [UInt8] {
            var writer = TableWriter()
            writer.write(false)
            writer.write(pieces)
            writer.write(starts)
            writer.write([UInt64](repeating: 0, count: 1_024))
            MarkerTrie([(Array("abc".utf8), 0)]).encode(to: &writer)
            return writer.bytes
        }
        for bad in [numberWords(pieces: [7 << 24], starts: [0, 1]), numberWords(pieces: [1_000], starts: [0, 1]),
                    numberWords(pieces: [2 << 24 | 13 << 16], starts: [0, 1]), numberWords(pieces: [2 << 24 | 1 << 16], starts: [0, 1]),
                    numberWords(pieces: [5, 6], starts: [0, 2, 1]), numberWords(pieces: [5, 6], starts: [0, 1])] {
            #expect(throws: TableReader.Invalid.self) { try Self.readBack(bad, as: NumberWords.self) }
        }
        let words = try Self.readBack(numberWords(pieces: [5, 2 << 24 | 3 << 16], starts: [0, 2]), as: NumberWords.self)
        #expect(words.pieces == [.group(5), .scale(3)])
        // Number facts: native digits other than ten, a side that is neither before nor after,
        // a currency style without its format; then the same facts made right, which read back.
        func numberFacts(digits: [UInt32], sides: UInt8, currencyFormat: Bool = true) -> [UInt8] {
            var writer = TableWriter()
            writer.write(true)
            for symbol in [",", ".", ",", ".", "-", "+"] { writer.write(symbol) }
            writer.write(currencyFormat)
            if currencyFormat {
                writer.write("#,##0.00 ¤")
                writer.write(3)
                writer.write(3)
            }
            writer.write(false)
            writer.write(false)
            writer.write("latn")
            writer.write(digits)
            writer.write(sides)
            return writer.bytes
        }
        for bad in [numberFacts(digits: [0x30, 0x31], sides: 2), numberFacts(digits: [], sides: 4),
                    numberFacts(digits: [], sides: 2, currencyFormat: false), numberFacts(digits: [0xD800] + Array(0x31...0x39), sides: 1)] {
            #expect(throws: TableReader.Invalid.self) { try Self.readBack(bad, as: NumberConventions.ICUFacts.self) }
        }
        let facts = try Self.readBack(numberFacts(digits: Array(0x660...0x669), sides: 3), as: NumberConventions.ICUFacts.self)
        #expect(NumberConventions(facts: facts).monetaryDecimalSymbol == "," && facts.nativeDigits.count == 10 && facts.nameSides == [.before, .after])
        // A fold entry that is no Unicode scalar, and a table of the wrong length.
        var entries = MarkerKey.FoldTable().entries
        entries[0] = 0xD800
        writer = TableWriter()
        writer.write(entries)
        #expect(throws: TableReader.Invalid.self) { try Self.readBack(writer.bytes, as: MarkerKey.FoldTable.self) }
        writer = TableWriter()
        writer.write(Array(entries.dropFirst(2)))
        #expect(throws: TableReader.Invalid.self) { try Self.readBack(writer.bytes, as: MarkerKey.FoldTable.self) }
    }

    /// A trie with tails reads back from the table cache only where tails are expected, and
    /// a damaged tail is refused: a tail without its end, a value not followed by a byte, a first node pointing inside a
    /// tail, a value out of range.
    @Test func aTrieWithDamagedTailsIsRefused() throws {
        let keys = ["dollar", "dollars", "dong", "euro"]
        let trie = MarkerTrie(keys.enumerated().map { (Array($1.utf8), Int32($0)) }, tails: true)
        // `dollar(s)` and `dong` share `do`; below `dol`, `don` and `e` single paths: the tails
        // `lar` (a value: 3 cells) `s`, `g` and `uro`, each then its end and its value.
        #expect(trie.cellCount == (4 + 1 + 3) + 4 * 3)
        #expect(trie.slotCount >= 6 && trie.nodeCount == 14)
        var writer = TableWriter()
        trie.encode(to: &writer)
        func reads(_ bytes: [UInt8], valueLimit: Int = 4, tails: Bool = true) -> Bool {
            var reader = TableReader(bytes)
            guard let back = try? MarkerTrie(reading: &reader, valueLimit: valueLimit, tails: tails) else { return false }
            return keys.enumerated().allSatisfy { back.value(forKey: Array($1.utf8)) == Int32($0) }
                && ["dolla", "dollarss", "dollart", "eurox", "eur"].allSatisfy { back.value(forKey: Array($0.utf8)) == -1 }
        }
        #expect(reads(writer.bytes))
        #expect(!reads(writer.bytes, tails: false))
        #expect(!reads(writer.bytes, valueLimit: 3))
        // The cells are the file's last array: 8 bytes of count, then two bytes a cell.
        let cells = writer.bytes.count - 2 * trie.cellCount
        var withoutEnd = writer.bytes
        withoutEnd[withoutEnd.count - 6] = UInt8(ascii: "x")  // the last tail's end, now a byte
        withoutEnd[withoutEnd.count - 5] = 0
        #expect(!reads(withoutEnd))
        var cutShort = Array(writer.bytes.dropLast(2))
        cutShort.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(trie.cellCount - 1).littleEndian, toByteOffset: cells - 8, as: UInt64.self) }
        #expect(!reads(cutShort))
        var valueLast = writer.bytes  // `dollar`'s value followed by an end, not by `s`
        valueLast[cells + 2 * 6] = 0x01
        valueLast[cells + 2 * 6 + 1] = 0x01
        #expect(!reads(valueLast))
        // A first node's base made to point at the second cell of its tail.
        let bases = 8 + 8  // node count, then the bases' count
        var inside = writer.bytes
        inside.withUnsafeMutableBytes { raw in
            for slot in 0..<trie.slotCount {
                let base = Int32(littleEndian: raw.loadUnaligned(fromByteOffset: bases + 4 * slot, as: Int32.self))
                if base <= MarkerTrie.tailBase {
                    raw.storeBytes(of: (base - 1).littleEndian, toByteOffset: bases + 4 * slot, as: Int32.self)
                }
            }
        }
        #expect(!reads(inside))
    }

    /// Any one byte of a tailed trie's file changed (to 0, to 255, or by one): the trie is
    /// refused, or every walk from its root stays among its nodes and finds only values in
    /// range (run under the address sanitizer by `make sanitize`).
    @Test func aChangedByteOfATrieWithTailsIsRefusedOrWalksInBounds() {
        let keys = ["dollar", "dollars", "dong", "euro", "e", "x"]
        let trie = MarkerTrie(keys.enumerated().map { (Array($1.utf8), Int32($0)) }, tails: true)
        var writer = TableWriter()
        trie.encode(to: &writer)
        var refused = 0, read = 0
        for position in writer.bytes.indices {
            for change in [{ (_: UInt8) in UInt8(0) }, { _ in UInt8.max }, { $0 &+ 1 }] {
                var bytes = writer.bytes
                bytes[position] = change(bytes[position])
                var reader = TableReader(bytes)
                guard let back = try? MarkerTrie(reading: &reader, valueLimit: keys.count, tails: true) else {
                    refused += 1
                    continue
                }
                read += 1
                let nodes = back.slotCount + back.cellCount
                var stack: [Int32] = [MarkerTrie.root]
                var seen: Set<Int32> = [MarkerTrie.root]
                var inBounds = true
                while let node = stack.popLast() {
                    let value = back.value(at: node)
                    inBounds = inBounds && value >= -1 && value < keys.count
                    for byte in UInt8.min...UInt8.max {
                        let next = back.child(of: node, byte: byte)
                        guard next >= 0 else { continue }
                        inBounds = inBounds && Int(next) < nodes
                        if inBounds, seen.insert(next).inserted { stack.append(next) }
                    }
                }
                #expect(inBounds, "byte \(position) changed")
            }
        }
        #expect(refused > 0 && read > 0)
    }

    @Test func anUnwritableDirectoryOnlyCostsTheBuild() throws {
        let file = Self.temporaryDirectory()
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let table = DerivedTableCache.value(for: "key", in: "\(file)/tables", orBuild: { Self.table })
        #expect(table.words == Self.table.words)
    }

    /// The directory an app sets to turn the cache on is `moneykit/tables` in the platform's
    /// user cache directory, and setting it is all the library asks (fxparse's test
    /// `parseKeepsDerivedTablesInTheUserCacheDirectory` runs it with `XDG_CACHE_HOME`).
    @Test func theUserCacheDirectoryIsMoneyKitsFolderInTheUsersCaches() throws {
        let caches = try #require(FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
        #expect(DerivedTableCache.userCacheDirectory == caches.path + "/moneykit/tables")
    }
}
