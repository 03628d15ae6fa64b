
/// What ``MoneyFormatter`` needs of a locale, read from ICU once with the rest of the
/// profile: the currency, accounting and number patterns, monetary symbols, minimum
/// grouping, digits, plural rules and currency-name patterns, the currency-spacing rule,
/// and the currencies that have a format of their own in the locale.
final class FormattingConventions: Sendable {
    /// A currency's own format in this locale (EUR in en_150 and its children, TRY in tr,
    /// CVE in pt_CV): its pattern and separator symbols replace the locale's for that
    /// currency, in the standard and the accounting style.
    struct OwnFormat: Sendable, Equatable {
        let pattern: NumberPattern
        let decimalSymbol: String
        let groupingSymbol: String
    }

    /// A currency with its own format in one bundle of ICU's currency data.
    struct OwnFormatRecord: Sendable {
        let currency: UInt16
        let format: OwnFormat
    }

    /// The currencies that have their own format (pattern and separators) in some bundle of
    /// ICU's currency data of a language: EUR in en_150, TRY in tr, CVE in pt_CV and kea, and
    /// historic ones. A locale profile checks which of them its locale inherits. Read from
    /// the language's bundles only, once per language.
    static func ownFormatRecords(language: String) -> [OwnFormatRecord] {
        ownFormatRecordCache.value(for: language) {
            DerivedTableCache.value(for: language) { OwnFormatSources(language: language) }.records.map {
                OwnFormatRecord(currency: $0.currency, format: OwnFormat(
                    pattern: NumberPattern($0.pattern), decimalSymbol: $0.decimalSymbol, groupingSymbol: $0.groupingSymbol))
            }
        }
    }

    private static let ownFormatRecordCache = DerivedCache<String, [OwnFormatRecord]>()

    /// A language's own-format records as ICU's currency data writes them: what the table
    /// cache on disk keeps (reading every bundle of a language from ICU cost its first
    /// locale 1.3 to 3.4 million instructions).
    struct OwnFormatSources: StoredTable {
        struct Record: Equatable {
            let currency: UInt16
            let pattern: String
            let decimalSymbol: String
            let groupingSymbol: String
        }

        let records: [Record]

        static var storedKind: String { "own-formats" }

        /// Reads the records of every currency-data bundle of a language from ICU.
        init(language: String) {
            var records: [Record] = []
            // The bundle's language compared as bytes: as Characters it cost about 0.4 M
            // instructions over ICU's 508 bundle names.
            for bundle in ICU.currencyBundleNames
            where bundle.utf8.prefix(while: { $0 != UInt8(ascii: "_") }).elementsEqual(language.utf8) {
                for defined in ICU.currencyOwnFormats(definedInBundle: bundle) {
                    guard let currency = CurrencyCatalog.shared.index(ofCode: defined.code.utf8) else { continue }
                    let fields = defined.symbol.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    guard fields.count == 3 else { continue }
                    records.append(Record(currency: currency, pattern: fields[0], decimalSymbol: fields[1], groupingSymbol: fields[2]))
                }
            }
            self.records = records
        }

        func encode(to writer: inout TableWriter) {
            writer.write(records.count)
            for record in records {
                writer.write(record.currency)
                writer.write(record.pattern)
                writer.write(record.decimalSymbol)
                writer.write(record.groupingSymbol)
            }
        }

        /// Reads records ``encode(to:)`` wrote, each naming one of ICU's currencies.
        init(reading reader: inout TableReader) throws(TableReader.Invalid) {
            var records: [Record] = []
            for _ in 0..<(try reader.readCount(ofItemsOfAtLeast: 2 + 3 * 8)) {
                let currency = try reader.read(UInt16.self)
                guard Int(currency) < CurrencyCatalog.shared.entries.count else { throw TableReader.Invalid() }
                records.append(Record(currency: currency, pattern: try reader.readString(),
                                      decimalSymbol: try reader.readString(), groupingSymbol: try reader.readString()))
            }
            self.records = records
        }
    }

    /// The currency-spacing facts that depend on the currency text: whether its last
    /// character may take a space before a following digit, and its first character after a
    /// preceding digit (ICU's `currencyMatch`), for the symbol, narrow symbol and ISO code.
    struct SpacingEdges: Sendable {
        /// Bit 2k: the text of width k may be followed by the insertion; bit 2k+1: preceded.
        let bits: UInt8

        func allowsAfter(_ kind: Int) -> Bool { bits & (1 << (2 * kind)) != 0 }
        func allowsBefore(_ kind: Int) -> Bool { bits & (1 << (2 * kind + 1)) != 0 }
    }

    let currencyPattern: NumberPattern
    let accountingPattern: NumberPattern
    /// The number pattern, used with currency names (`1,234.50 US dollars`).
    let decimalPattern: NumberPattern
    let decimalSymbol: String
    let groupingSymbol: String
    let minusSign: String
    let plusSign: String
    /// Grouping starts only when the most significant group would have this many digits.
    let minimumGroupingDigits: Int
    /// The locale's digits 0-9 as text.
    let digits: [String]
    /// The same digits' UTF-8 bytes, packed first byte lowest (for the formatter's hot loop).
    let digitUTF8: [UInt32]
    /// Whether each digit may take a currency-spacing insertion next to it (`surroundingMatch`).
    let digitTakesSpacing: [Bool]
    /// What ICU inserts between a letter-ended currency and a digit (prefix side, suffix side).
    let insertBetween: (afterCurrency: String, beforeCurrency: String)
    /// Currency-name patterns by plural keyword (`{0} {1}`).
    let unitPatterns: [String: String]
    let pluralRules: PluralRules
    /// Spacing facts per currency, indexed like ``CurrencyCatalog/entries``.
    let spacingEdges: [SpacingEdges]
    /// Currencies with their own format in this locale (the profile sets them, through
    /// ``with(ownFormats:)``, once it has checked each candidate against ICU's output).
    let ownFormats: [UInt16: OwnFormat]

    /// The same conventions with these currencies' own formats.
    func with(ownFormats: [UInt16: OwnFormat]) -> FormattingConventions {
        FormattingConventions(copying: self, ownFormats: ownFormats)
    }

    private init(copying other: FormattingConventions, ownFormats: [UInt16: OwnFormat]) {
        currencyPattern = other.currencyPattern
        accountingPattern = other.accountingPattern
        decimalPattern = other.decimalPattern
        decimalSymbol = other.decimalSymbol
        groupingSymbol = other.groupingSymbol
        minusSign = other.minusSign
        plusSign = other.plusSign
        minimumGroupingDigits = other.minimumGroupingDigits
        digits = other.digits
        digitUTF8 = other.digitUTF8
        digitTakesSpacing = other.digitTakesSpacing
        insertBetween = other.insertBetween
        unitPatterns = other.unitPatterns
        pluralRules = other.pluralRules
        spacingEdges = other.spacingEdges
        self.ownFormats = ownFormats
    }

    init(locale: String, numbers: NumberConventions, currencies: CurrencyConventions) {
        let displays = currencies.displays
        currencyPattern = NumberPattern(numbers.currencyPattern)
        accountingPattern = NumberPattern(numbers.accountingPattern)
        decimalPattern = NumberPattern(numbers.decimalPattern)
        decimalSymbol = numbers.monetaryDecimalSymbol
        groupingSymbol = numbers.monetaryGroupingSymbol
        minusSign = numbers.minusSign
        plusSign = numbers.plusSign
        digits = numbers.nativeDigits.isEmpty ? (0...9).map(String.init) : numbers.nativeDigits.map { String($0) }
        digitUTF8 = digits.map { digit in
            var packed: UInt32 = 0
            for (position, byte) in digit.utf8.prefix(4).enumerated() { packed |= UInt32(byte) << (8 * UInt32(position)) }
            return packed
        }
        minimumGroupingDigits = FormattingConventions.minimumGrouping(locale: locale)
        unitPatterns = currencies.unitPatterns
        pluralRules = PluralRules(ICU.pluralRules(ofLocale: locale))

        // Currency spacing (one rule for all locales in ICU 72's data, read from it).
        let spacing = FormattingConventions.spacingRule
        insertBetween = (spacing?.after.insertBetween ?? "\u{A0}", spacing?.before.insertBetween ?? "\u{A0}")
        let digitScalars = digits.map { $0.unicodeScalars.first!.value }
        digitTakesSpacing = spacing.map { ICU.setContains(pattern: $0.before.surroundingMatch, digitScalars) }
            ?? Array(repeating: true, count: 10)
        spacingEdges = FormattingConventions.spacingEdges(of: displays.names)
        ownFormats = [:]
    }

    /// Spacing facts depend only on the currency texts, which locales sharing a currency-data
    /// bundle share: computed once per bundle and kept with its names. A bundle's texts are
    /// its parent's but for the currencies it gives symbols of, so only those are asked of
    /// ICU (a regional bundle gives a few; all of them took a fifth of its profile's build).
    private static func spacingEdges(of names: CurrencyNames) -> [SpacingEdges] {
        names.spacingEdges.value { deriveSpacingEdges(of: names) }
    }

    /// Derives a bundle's spacing facts: its parent's, those of the currencies it gives
    /// symbols of asked of ICU (root: every currency).
    private static func deriveSpacingEdges(of names: CurrencyNames) -> [SpacingEdges] {
        let catalog = CurrencyCatalog.shared.entries
        var result: [SpacingEdges]
        let changed: [Int]
        if let parent = names.parent {
            result = spacingEdges(of: parent)
            changed = names.currenciesWithOwnSymbols
        } else {
            result = Array(repeating: SpacingEdges(bits: 0), count: catalog.count)
            changed = Array(catalog.indices)
        }
        var edges: [UInt32] = []
        edges.reserveCapacity(changed.count * 6)
        // The texts' last and first scalars, read from their UTF-8 (the generic
        // `unicodeScalars.first`/`last` cost several times more).
        func appendEdges(_ text: String) {
            var text = text
            let (last, first) = text.withUTF8 { bytes -> (UInt32, UInt32) in
                guard !bytes.isEmpty else { return (0x20, 0x20) }
                let lastStart = Characters.startOfScalar(endingAt: bytes.count, notBefore: 0, in: bytes)
                return (Characters.decode(bytes, at: lastStart).scalar, Characters.decode(bytes, at: 0).scalar)
            }
            edges.append(last)
            edges.append(first)
        }
        for currency in changed {
            appendEdges(names.displaySymbol(currency))
            appendEdges(names.displayNarrowSymbol(currency))
            appendEdges(catalog[currency].code)
        }
        let afterMatches = spacingRule.map { ICU.setContains(pattern: $0.after.currencyMatch, edges) } ?? []
        let beforeMatches = spacingRule.map { ICU.setContains(pattern: $0.before.currencyMatch, edges) } ?? []
        for (position, currency) in changed.enumerated() {
            var bits: UInt8 = 0
            for kind in 0..<3 {
                let base = position * 6 + kind * 2
                if afterMatches.indices.contains(base), afterMatches[base] { bits |= 1 << (2 * kind) }
                if beforeMatches.indices.contains(base + 1), beforeMatches[base + 1] { bits |= 1 << (2 * kind + 1) }
            }
            result[currency] = SpacingEdges(bits: bits)
        }
        return result
    }

    /// ICU's currency-spacing rule, read once.
    private static let spacingRule = ICU.currencySpacing()

    /// The locale's minimum grouping digits: ICU's data, read as ICU's number formatter reads
    /// it (`getMinGroupingForLocale`: `NumberElements/minimumGroupingDigits`, one digit, else 1).
    private static func minimumGrouping(locale: String) -> Int {
        guard let text = ICU.resourceString(locale: locale, path: "NumberElements/minimumGroupingDigits"),
              text.utf8.count == 1, let digit = Int(text) else { return 1 }
        return digit
    }
}
