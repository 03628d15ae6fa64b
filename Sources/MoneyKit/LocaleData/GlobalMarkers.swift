import Foundation
import Synchronization

/// The currency markers that are the same in every locale, built once on first use
/// (Docs/ParsingRules.md §4 and §7), in two tables:
///
/// - **Symbols**, matched exactly after §2's equivalences: the standard, narrow, variant and
///   formal symbols of every currency in every ICU locale (those of currencies no longer
///   current count only for the currency hint), and every supplement form. Read straight
///   from ICU's currency data bundles, which is about a hundred times faster than asking
///   `ucurr_getName` locale by locale and yields the same strings.
/// - **Words**, matched case-insensitively: every ISO 4217 code ICU knows, every currency's
///   English display and plural names and English unit words (`dollars`), and the
///   case-folded form of every symbol and supplement form of three or more letters (`LEI`,
///   `Ksh`, `BUCKS`).
///
/// In both, a key ending in a period also matches without it (`ج.م`, `Ksh`) when no key is
/// spelled that way already. Locale-specific names and unit words live in each ``LocaleProfile``.
final class GlobalMarkers: Sendable {
    /// What a key of either table denotes.
    struct MarkerInfo: Sendable {
        /// Current currencies with this symbol (standard, narrow, variant or formal) in some locale.
        var symbols = CurrencySet()
        /// Currencies no longer legal tender with this symbol in some locale: a marker only
        /// when the parser's currency hint is one of them, so that amounts of any currency
        /// ICU knows can be read back.
        var historic = CurrencySet()
        /// The currency whose ISO code this is (words table), if any.
        var isoCode: UInt16?
        /// Currencies (current or not) with this English display or plural name.
        var englishNames = CurrencySet()
        /// Current currencies with this English unit word (`dollars`).
        var englishUnitWords = CurrencySet()
        /// Currencies, current or not, whose English names have this unit word as their noun:
        /// those a qualifier next to it may pick (§7).
        var englishNouns = CurrencySet()
        /// The key's supplement entries, an index into the table's supplement infos (most keys
        /// have none).
        var supplement: Int32?
        /// For a symbol: the currencies of every symbol (ICU's or the supplement's) that is
        /// the same form once spaces and periods are removed and case is folded (`FCFA` and
        /// `F CFA`): one form to rule 2a, so the region's currency decides (§4).
        var looseSymbols = CurrencySet()
    }

    /// Currencies of supplement entries, by kind.
    struct SupplementSets: Sendable {
        /// Symbols and scaled symbols.
        var symbols = CurrencySet()
        /// Unit words.
        var words = CurrencySet()
        /// Minor-unit forms.
        var minor = CurrencySet()
        /// Qualifiers (`M.N.`: MXN).
        var qualifier = CurrencySet()
        /// The power of ten a scaled entry among them multiplies by (`mdd`: 6), if there is one.
        var scale: Int8?

        mutating func add(_ entry: MarkerSupplement.Entry) {
            guard let currency = entry.currency else { return }
            switch entry.kind {
            case .symbol, .scaledSymbol: symbols.insert(currency)
            case .word, .scaledWord: words.insert(currency)
            case .minor: minor.insert(currency)
            case .qualifier: qualifier.insert(currency)
            case .multiplier, .particle, .joiner, .ending, .priceWord, .oldPriceWord, .rangeWord: break
            }
            if entry.kind.isScaled, let exponent = entry.exponent { scale = exponent }
        }

        var all: CurrencySet { symbols.union(words).union(minor).union(qualifier) }

        mutating func formUnion(_ other: SupplementSets) {
            symbols.formUnion(other.symbols)
            words.formUnion(other.words)
            minor.formUnion(other.minor)
            qualifier.formUnion(other.qualifier)
            if let scale = other.scale { self.scale = scale }
        }
    }

    /// What the supplement says of a key.
    struct SupplementInfo: Sendable {
        /// The key (its value in the table's trie).
        var key: Int32 = 0
        /// Indexes of its entries (in ``MarkerSupplement/entries``).
        var entries: [Int] = []
        /// Currencies of its entries whatever their scope (they count for the hint; symbols
        /// also as ambiguous candidates outside their scope).
        var anyScope = SupplementSets()
        /// Currencies of its entries that apply everywhere.
        var everywhere = SupplementSets()
        /// Whether one of its entries is a symbol of two or more characters (a marker
        /// everywhere, whatever its scope) or applies everywhere. A one-letter symbol (`e` for
        /// EUR in Finland) is a marker only in its scope: elsewhere the letter is more likely
        /// a slip (`1e5`) than a currency.
        var isMarkerAnywhere = false

        mutating func add(_ entry: MarkerSupplement.Entry, index: Int) {
            entries.append(index)
            anyScope.add(entry)
            if entry.scope.isEverywhere { everywhere.add(entry) }
            if entry.scope.isEverywhere || entry.kind == .symbol && entry.form.unicodeScalars.count > 1 { isMarkerAnywhere = true }
        }
    }

    /// The supplement entries of a global table that apply only in some regions or languages,
    /// indexed by region and by language: a locale's marker tables look up their own instead
    /// of walking the whole supplement (a seventh of a locale's marker tables' build did that).
    struct ScopedSupplement: Sendable {
        /// An entry and its key, numbered in the order of the table's supplement (the order in
        /// which entries are added, which a scaled entry's power of ten depends on).
        private typealias Scoped = (order: Int, key: Int32, entry: Int)
        private var byRegion: [String: [Scoped]] = [:]
        private var byLanguage: [String: [Scoped]] = [:]

        init(_ supplement: [SupplementInfo]) {
            var order = 0
            for info in supplement {
                for index in info.entries {
                    let scope = MarkerSupplement.shared.entries[index].scope
                    for region in scope.regions { byRegion[region, default: []].append((order, info.key, index)) }
                    for language in scope.languages { byLanguage[language, default: []].append((order, info.key, index)) }
                    order += 1
                }
            }
        }

        /// The keys with entries whose scope includes a locale of this region and language,
        /// ascending, with those entries' currencies.
        func sets(region: String, language: String) -> [(key: Int32, value: SupplementSets)] {
            let inRegion = byRegion[region] ?? [], inLanguage = byLanguage[language] ?? []
            guard !inRegion.isEmpty || !inLanguage.isEmpty else { return [] }
            // In the supplement's order, each entry once (its scope may name the region and the language).
            let entries = (inRegion + inLanguage).sorted { $0.order < $1.order }
            var scoped: [Int32: SupplementSets] = [:]
            var last: Int?
            for (order, key, index) in entries where order != last {
                last = order
                scoped[key, default: SupplementSets()].add(MarkerSupplement.shared.entries[index])
            }
            return scoped.sorted { $0.key < $1.key }
        }
    }

    /// What the lexer needs of a key, per key in flat buffers read without reference counting.
    /// The lexer holds a pointer to it (``symbolHot``, ``wordHot``), which keeps the lexer small
    /// enough to copy in registers.
    struct HotTable: Sendable {
        /// Whether the key is a marker in every locale without a hint.
        let isMarkerAnywhere: FrozenBuffer<Bool>
        /// Currencies for which the key is a marker when they are the hint (historic symbols,
        /// supplement entries outside their scope).
        let hintOrScopeOnly: FrozenBuffer<CurrencySet>
        /// The token role of the key.
        let role: FrozenBuffer<MarkerRole>
        /// The power of ten of a scaled entry that applies everywhere (nil for other keys).
        let scale: FrozenBuffer<Int8?>
        /// Whether the key has scaled entries scoped to some regions or languages, whose power
        /// of ten the locale's scoped sets give (`lucas`: thousands of pesos in Chile).
        let hasScopedScale: FrozenBuffer<Bool>
        /// Whether the key denotes a currency but has minor-unit entries scoped to some regions,
        /// where it is that minor unit (`Rp.`: Rappen in Switzerland, the rupiah elsewhere).
        let hasScopedMinor: FrozenBuffer<Bool>
        /// ``MarkerInfo/looseSymbols`` of each key, read by rule 2a without copying an info.
        let looseSymbols: FrozenBuffer<CurrencySet>

        /// Frees the buffers (of tables that do not live as long as the process).
        func deallocate() {
            isMarkerAnywhere.deallocate()
            hintOrScopeOnly.deallocate()
            role.deallocate()
            scale.deallocate()
            hasScopedScale.deallocate()
            hasScopedMinor.deallocate()
            looseSymbols.deallocate()
        }

        init(_ infos: [MarkerInfo], _ supplement: [SupplementInfo]) {
            func extra(_ info: MarkerInfo) -> SupplementInfo? { info.supplement.map { supplement[Int($0)] } }
            isMarkerAnywhere = FrozenBuffer(infos.map { info in
                !info.symbols.isEmpty || info.isoCode != nil || !info.englishNames.isEmpty || !info.englishUnitWords.isEmpty
                    || extra(info)?.isMarkerAnywhere == true
            })
            hintOrScopeOnly = FrozenBuffer(infos.map { info in info.historic.union(extra(info)?.anyScope.all ?? CurrencySet()) })
            role = FrozenBuffer(infos.map { info in
                let sets = extra(info)?.anyScope ?? SupplementSets()
                let major = !info.symbols.isEmpty || !info.historic.isEmpty || info.isoCode != nil || !info.englishNames.isEmpty
                    || !info.englishUnitWords.isEmpty || !sets.symbols.isEmpty || !sets.words.isEmpty
                if major { return .currency }
                if !sets.minor.isEmpty { return .minorUnit }
                return sets.qualifier.isEmpty ? .currency : .qualifier
            })
            scale = FrozenBuffer(infos.map { extra($0)?.everywhere.scale })
            hasScopedScale = FrozenBuffer(infos.map { info in
                guard let sets = extra(info) else { return false }
                return sets.everywhere.scale == nil && sets.anyScope.scale != nil
            })
            looseSymbols = FrozenBuffer(infos.map(\.looseSymbols))
            hasScopedMinor = FrozenBuffer(infos.map { info in
                guard let sets = extra(info) else { return false }
                return sets.everywhere.minor.isEmpty && !sets.anyScope.minor.isEmpty
            })
        }
    }

    /// The tables, built on first use (or read back from the table cache on disk when it is on).
    static let shared: GlobalMarkers = {
        let tables = DerivedTableCache.value(for: "global", orBuild: GlobalMarkers.build)
        sharedIsBuilt.store(true, ordering: .releasing)
        return tables
    }()

    /// Whether ``shared`` is built, answered without waiting for a build under way.
    static var isBuilt: Bool { sharedIsBuilt.load(ordering: .acquiring) }
    private static let sharedIsBuilt = Atomic<Bool>(false)

    /// Whether ``startBuildingConcurrently()`` has started its thread.
    private static let concurrentBuildStarted = Atomic<Bool>(false)

    /// Starts the first read of ``shared`` on a thread of its own, once per process. A
    /// locale's first general parse calls this as it builds the locale's compact affixes, the
    /// first of its tables that `MoneyParser` reads; they and the name table after them do not
    /// depend on these tables. On the process's first general parse all are built at once,
    /// and the parse's own first read of ``shared`` waits for what is left (as every read of
    /// a `static let` waits for the one that initializes it).
    /// Measured in BENCHMARKS.md, "Two cores for the first general parse".
    static func startBuildingConcurrently() {
        guard concurrentBuildStarted.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        Thread.detachNewThread { _ = GlobalMarkers.shared }
    }

    /// The English vocabulary for ``build()``: wanted once the build has begun (not when the
    /// tables are read back from the cache on disk), derived ahead by ``helpBuilding()``, then
    /// taken by the build (and so not kept for the life of the process: 0.3 MiB).
    private static let englishSlot = Locked<EnglishSlot>(.notWanted)

    private enum EnglishSlot {
        case notWanted
        case wanted
        case derived(EnglishVocabulary)
        case taken
    }

    /// Called by a locale's first general parse once its own tables are built, before it
    /// reads ``shared``: while ``build()`` still reads ICU's bundles on its own thread, this
    /// thread derives the English vocabulary that the build needs next (a fifth of it),
    /// instead of waiting idle. The build, reaching that point while this thread derives it,
    /// waits for it; reaching it first, derives it itself, and this thread then skips.
    static func helpBuilding() {
        englishSlot.withLock { slot in
            if case .wanted = slot { slot = .derived(EnglishVocabulary(catalog: CurrencyCatalog.shared)) }
        }
    }

    /// The English vocabulary for ``build()``: the one derived ahead, or derived now.
    private static func takeEnglishVocabulary() -> EnglishVocabulary {
        englishSlot.withLock { slot in
            defer { slot = .taken }
            if case .derived(let vocabulary) = slot { return vocabulary }
            return EnglishVocabulary(catalog: CurrencyCatalog.shared)
        }
    }

    /// Each currency's English names and the English unit words derived from them.
    fileprivate struct EnglishVocabulary: Sendable {
        /// Each currency's English display and plural names (none empty or its code), by
        /// catalog position.
        let names: [[String]]
        /// The unit words, nouns and qualifiers derived from them.
        let words: UnitWords

        init(catalog: CurrencyCatalog) {
            let keywords = ICU.pluralKeywords(ofLocale: "en")
            names = catalog.entries.map { entry in
                var names: [String] = []
                if let name = ICU.currencyName(entry.code, locale: "en", kind: .longName) { names.append(name) }
                for keyword in keywords {
                    if let name = ICU.currencyPluralName(entry.code, locale: "en", keyword: keyword) { names.append(name) }
                }
                names.removeAll { $0.isEmpty || $0 == entry.code }
                return names
            }
            words = UnitWords(names: catalog.entries.indices.compactMap { [names] position in
                names[position].isEmpty ? nil
                    : UnitWords.Names(currency: UInt16(position), isCurrent: catalog.entries[position].isCurrent,
                                      forms: names[position])
            })
        }
    }

    let symbols: MarkerTrie
    let symbolInfos: [MarkerInfo]
    let symbolSupplement: [SupplementInfo]
    /// The symbol table's hot data, never freed (the global tables live as long as the process).
    nonisolated(unsafe) let symbolHot: UnsafePointer<HotTable>
    let words: MarkerTrie
    let wordInfos: [MarkerInfo]
    let wordSupplement: [SupplementInfo]
    /// The word table's hot data, never freed.
    nonisolated(unsafe) let wordHot: UnsafePointer<HotTable>
    /// English qualifier words of currencies' names (`indian` -> INR): not currencies on
    /// their own, which error messages explain, but next to a noun they narrow it (§7).
    let englishQualifiers: QualifierWords
    /// The yen sign's key in the symbol table: what `\` stands for in Japanese text (§7).
    let yenSign: MarkerMatch

    private init(symbols: MarkerTrie, symbolInfos: [MarkerInfo], symbolSupplement: [SupplementInfo], words: MarkerTrie,
                 wordInfos: [MarkerInfo], wordSupplement: [SupplementInfo], englishQualifiers: QualifierWords) {
        (self.symbols, self.symbolInfos, self.symbolSupplement) = (symbols, symbolInfos, symbolSupplement)
        (self.words, self.wordInfos, self.wordSupplement) = (words, wordInfos, wordSupplement)
        self.englishQualifiers = englishQualifiers
        self.yenSign = MarkerMatch(symbol: symbols.value(forKey: MarkerKey.bytes(of: "¥", folded: false)))
        self.symbolHot = GlobalMarkers.frozen(HotTable(symbolInfos, symbolSupplement))
        self.wordHot = GlobalMarkers.frozen(HotTable(wordInfos, wordSupplement))
    }

    deinit {
        // The shared tables live as long as the process; another instance (a table read back
        // from the cache on disk in a test) frees its hot tables with it.
        for hot in [symbolHot, wordHot] {
            hot.pointee.deallocate()
            UnsafeMutablePointer(mutating: hot).deinitialize(count: 1).deallocate()
        }
    }

    /// Builds the tables from ICU's data and the supplement.
    static func build() -> GlobalMarkers {
        englishSlot.withLock { slot in
            if case .notWanted = slot { slot = .wanted }
        }
        let catalog = CurrencyCatalog.shared
        var symbols = MarkerTableBuilder(empty: MarkerInfo())
        var words = MarkerTableBuilder(empty: MarkerInfo())

        // Symbols of every currency across all bundles of ICU's currency data; those of three
        // or more letters also case-folded among the words. (A currency's own format is no
        // symbol: FormattingConventions reads those.)
        for defined in ICU.distinctCurrencySymbolsOfEveryBundle() {
            guard let index = catalog.index(ofCode: defined.code.utf8) else { continue }
            let key = MarkerKey.bytes(of: defined.symbol, folded: false)
            guard !key.isEmpty else { continue }
            let current = catalog.entries[Int(index)].isCurrent
            let record: (inout MarkerInfo) -> Void = { current ? $0.symbols.insert(index) : $0.historic.insert(index) }
            symbols.update(key, record)
            if MarkerKey.isFoldedSymbolForm(defined.symbol) {
                words.update(MarkerKey.bytes(of: defined.symbol, folded: true), record)
            }
        }
        // Supplement forms that name a currency (multipliers and particles live with each
        // locale's compact affixes, joiners with its joiner words).
        var symbolSupplement: [SupplementInfo] = []
        var wordSupplement: [SupplementInfo] = []
        func record(_ entry: MarkerSupplement.Entry, _ position: Int, key: [UInt8],
                    in table: inout MarkerTableBuilder<MarkerInfo>, _ infos: inout [SupplementInfo]) {
            var slot = 0
            let id = table.update(key) { info in
                if let known = info.supplement {
                    slot = Int(known)
                } else {
                    slot = infos.count
                    info.supplement = Int32(slot)
                    infos.append(SupplementInfo())
                }
            }
            infos[slot].key = id
            infos[Int(slot)].add(entry, index: position)
        }
        for (position, entry) in MarkerSupplement.shared.entries.enumerated() where entry.kind.namesCurrency {
            record(entry, position, key: MarkerKey.bytes(of: entry.form, folded: false), in: &symbols, &symbolSupplement)
            let isSymbol = entry.kind == .symbol || entry.kind == .scaledSymbol  // symbols never fold (§2)
            // Words fold whatever their length in words (`dollars américains`); symbols only
            // when they have three letters or more and no accents.
            if isSymbol ? MarkerKey.isFoldedSymbolForm(entry.form) : MarkerKey.isCaseInsensitiveForm(entry.form.filter { $0 != " " }) {
                record(entry, position, key: MarkerKey.bytes(of: entry.form, folded: true), in: &words, &wordSupplement)
            }
        }

        // The symbol table is whole here: it is finished, with what it shares with the words
        // (loose forms), before the English vocabulary is taken. On the process's first
        // general parse the parse's thread is then still deriving that vocabulary
        // (``helpBuilding()``), and this thread would otherwise wait for it idle. (The loose
        // forms read only the words' symbol currencies, which the vocabulary does not add.)
        GlobalMarkers.relateLooseSymbols(&symbols, symbolSupplement, &words, wordSupplement)
        symbols.addPeriodlessVariants()
        let (symbolTrie, symbolInfos) = symbols.build()

        // ISO codes, English names and English unit words.
        let vocabulary = GlobalMarkers.takeEnglishVocabulary()
        for (position, entry) in catalog.entries.enumerated() {
            let index = UInt16(position)
            words.update(MarkerKey.bytes(of: entry.code, folded: true)) { $0.isoCode = index }
            for name in vocabulary.names[position] {
                let key = MarkerKey.bytes(of: name, folded: true)
                guard !key.isEmpty else { continue }
                words.update(key) { $0.englishNames.insert(index) }
            }
        }
        let english = vocabulary.words
        for (key, currencies) in english.words {
            words.update(Array(key.bytes)) { $0.englishUnitWords.formUnion(currencies) }
        }
        for (key, currencies) in english.nouns where words.info(forKey: Array(key.bytes)) != nil {
            words.update(Array(key.bytes)) { $0.englishNouns.formUnion(currencies) }
        }
        words.addPeriodlessVariants()
        let (wordTrie, wordInfos) = words.build()
        return GlobalMarkers(symbols: symbolTrie, symbolInfos: symbolInfos, symbolSupplement: symbolSupplement, words: wordTrie,
                             wordInfos: wordInfos, wordSupplement: wordSupplement,
                             englishQualifiers: QualifierWords(english.qualifiers))
    }
}

extension GlobalMarkers {
    /// Gives every symbol key the currencies of the symbols that are the same form once
    /// spaces and periods are removed and case is folded (``MarkerInfo/looseSymbols``).
    fileprivate static func relateLooseSymbols(
        _ symbols: inout MarkerTableBuilder<MarkerInfo>, _ symbolSupplement: [SupplementInfo],
        _ words: inout MarkerTableBuilder<MarkerInfo>, _ wordSupplement: [SupplementInfo]
    ) {
        func looseKey(_ key: [UInt8]) -> String {
            var kept = String.UnicodeScalarView()
            for scalar in String(decoding: key, as: UTF8.self).unicodeScalars where scalar != " " && scalar != "." {
                kept.append(scalar)
            }
            return String(kept).lowercased()
        }
        func currencies(_ info: MarkerInfo, _ supplement: [SupplementInfo]) -> CurrencySet {
            info.symbols.union(info.supplement.map { supplement[Int($0)].anyScope.symbols } ?? CurrencySet())
        }
        let symbolKeys = symbols.keys.map { ($0, looseKey($0)) }
        var loose: [String: CurrencySet] = [:]
        for (key, looseForm) in symbolKeys {
            loose[looseForm, default: CurrencySet()].formUnion(currencies(symbols.info(forKey: key)!, symbolSupplement))
        }
        for (key, looseForm) in symbolKeys {
            let related = loose[looseForm]!
            symbols.update(key) { $0.looseSymbols = related }
        }
        for key in words.keys where !currencies(words.info(forKey: key)!, wordSupplement).isEmpty {
            guard let related = loose[looseKey(key)] else { continue }
            words.update(key) { $0.looseSymbols = related }
        }
    }

    /// A value in memory that is never freed, for data that lives as long as the process.
    fileprivate static func frozen<Value>(_ value: Value) -> UnsafePointer<Value> {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return UnsafePointer(pointer)
    }
}

extension GlobalMarkers: StoredTable {
    static var storedKind: String { "global" }

    func encode(to writer: inout TableWriter) {
        for (trie, infos, supplement) in [(symbols, symbolInfos, symbolSupplement), (words, wordInfos, wordSupplement)] {
            writer.write(supplement.count)
            for info in supplement { info.encode(to: &writer) }
            writer.write(infos.count)
            for info in infos { info.encode(to: &writer) }
            trie.encode(to: &writer)
        }
        englishQualifiers.encode(to: &writer)
    }

    convenience init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        func table() throws(TableReader.Invalid) -> (MarkerTrie, [MarkerInfo], [SupplementInfo]) {
            // Reserved at their counts (these arrays live as long as the process), which the
            // bytes left bound: an entry is written in four sets and two bytes at least, an
            // info in six sets and two Int32.
            var supplement: [SupplementInfo] = []
            let supplementCount = try reader.readCount(ofItemsOfAtLeast: 4 * MemoryLayout<CurrencySet>.size + 2)
            supplement.reserveCapacity(supplementCount)
            for _ in 0..<supplementCount { supplement.append(try SupplementInfo(reading: &reader)) }
            var infos: [MarkerInfo] = []
            let infoCount = try reader.readCount(ofItemsOfAtLeast: 6 * MemoryLayout<CurrencySet>.size + 8)
            infos.reserveCapacity(infoCount)
            for _ in 0..<infoCount {
                infos.append(try MarkerInfo(reading: &reader, supplementCount: supplement.count))
            }
            guard supplement.allSatisfy({ Int($0.key) < infos.count }) else { throw TableReader.Invalid() }
            return (try MarkerTrie(reading: &reader, valueLimit: infos.count), infos, supplement)
        }
        let (symbols, symbolInfos, symbolSupplement) = try table()
        let (words, wordInfos, wordSupplement) = try table()
        self.init(symbols: symbols, symbolInfos: symbolInfos, symbolSupplement: symbolSupplement, words: words,
                  wordInfos: wordInfos, wordSupplement: wordSupplement,
                  englishQualifiers: try QualifierWords(reading: &reader))
    }
}

extension GlobalMarkers.MarkerInfo {
    func encode(to writer: inout TableWriter) {
        for set in [symbols, historic, englishNames, englishUnitWords, englishNouns, looseSymbols] { writer.write(set) }
        writer.write(Int32(isoCode.map(Int32.init) ?? -1))
        writer.write(supplement ?? -1)
    }

    init(reading reader: inout TableReader, supplementCount: Int) throws(TableReader.Invalid) {
        (symbols, historic, englishNames) = (try reader.readSet(), try reader.readSet(), try reader.readSet())
        (englishUnitWords, englishNouns, looseSymbols) = (try reader.readSet(), try reader.readSet(), try reader.readSet())
        let code = try reader.read(Int32.self)
        let supplement = try reader.read(Int32.self)
        guard code >= -1, Int(code) < CurrencyCatalog.shared.entries.count, supplement >= -1, Int(supplement) < supplementCount
        else { throw TableReader.Invalid() }
        isoCode = code < 0 ? nil : UInt16(code)
        self.supplement = supplement < 0 ? nil : supplement
    }
}

extension GlobalMarkers.SupplementSets {
    func encode(to writer: inout TableWriter) {
        for set in [symbols, words, minor, qualifier] { writer.write(set) }
        writer.write(scale != nil)
        writer.write(scale ?? 0)
    }

    init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        (symbols, words) = (try reader.readSet(), try reader.readSet())
        (minor, qualifier) = (try reader.readSet(), try reader.readSet())
        let hasScale = try reader.readBool()
        let value = try reader.read(Int8.self)
        scale = hasScale ? value : nil
    }
}

extension GlobalMarkers.SupplementInfo {
    func encode(to writer: inout TableWriter) {
        writer.write(key)
        writer.write(entries.map(Int64.init))
        anyScope.encode(to: &writer)
        everywhere.encode(to: &writer)
        writer.write(isMarkerAnywhere)
    }

    init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        key = try reader.read(Int32.self)
        let entries = try reader.readArray(of: Int64.self)
        guard key >= 0, entries.allSatisfy({ $0 >= 0 && Int($0) < MarkerSupplement.shared.entries.count }) else {
            throw TableReader.Invalid()
        }
        self.entries = entries.map(Int.init)
        anyScope = try GlobalMarkers.SupplementSets(reading: &reader)
        everywhere = try GlobalMarkers.SupplementSets(reading: &reader)
        isMarkerAnywhere = try reader.readBool()
    }
}

/// What a marker token is to the state machine.
enum MarkerRole: UInt8, Sendable {
    /// A currency (symbol, code, name, unit word).
    case currency
    /// A currency's minor unit (`cents`, `p`, `коп.`): the amount is in minor units.
    case minorUnit
    /// A supplement qualifier after an amount (`M.N.`): which of a symbol's currencies it is.
    case qualifier
}

/// An immutable array in manually managed memory, for tables read on the hot path: reading
/// it costs no reference counting. Nothing frees it but an explicit ``deallocate()``: use it
/// for tables that live as long as the process (the global tables).
struct FrozenBuffer<Element>: @unchecked Sendable {
    let elements: UnsafeBufferPointer<Element>

    init(_ array: [Element]) {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        elements = UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

    @inline(__always)
    subscript(index: Int) -> Element { elements[index] }

    /// Frees the memory, for a table that does not live as long as the process after all;
    /// the buffer must not be read again.
    func deallocate() {
        elements.baseAddress?.deallocate()
    }
}
