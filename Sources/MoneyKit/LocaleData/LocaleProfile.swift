
/// Everything MoneyKit knows about one locale, read from ICU once, then immutable and
/// shared: number symbols and grouping, digits, currency patterns, every currency's
/// symbols and names in the locale, and the marker tables built from them.
///
/// Profiles are cached per locale identifier for the life of the process; the parse hot
/// path only reads them and never calls ICU.
final class LocaleProfile: Sendable {
    /// The ICU locale identifier the data was read for (`de_CH`, `zh_Hant_TW`).
    let identifier: String
    /// The region subtag (`CH`), empty when the locale has none.
    let region: String
    /// The language subtag (`zh`): Chinese readings and Japanese receipts depend on it.
    let language: String
    /// The region's default currency (Docs/ParsingRules.md §4: used when the text has no marker and no hint).
    let defaultCurrency: Currency?
    /// The language's number words (§8), looked up on the first reading in words that needs
    /// them (the lookup by language keys a process-wide cache; a parse in words asks for them
    /// at every run of letters).
    private let numberWordsSlot = Locked<NumberWords?>(nil)
    var numberWords: NumberWords { numberWordsSlot.value { NumberWords.forLocale(identifier) } }
    /// Whether the locale's language is English (numbers in English words are read in every
    /// language besides its own).
    var readsOnlyEnglishWords: Bool { language == "en" }
    /// Separators, signs, grouping sizes, digits and patterns.
    let numbers: NumberConventions
    /// Currency symbols and names in this locale, and the marker tables built from them.
    let currencies: CurrencyConventions
    /// Patterns and facts for writing amounts.
    let formatting: FormattingConventions
    /// Compact-number affixes (§4b), built on first use: only the general machine reads them.
    var compact: CompactAffixes { lazyCompact.value }
    private let lazyCompact: LazyReference<CompactAffixes>

    /// ``compact``, unretained (see ``LazyReference/unmanagedValue``): what the lexer holds.
    @inline(__always)
    var unmanagedCompact: Unmanaged<CompactAffixes> { lazyCompact.unmanagedValue }

    /// Whether the compact affixes were built (tests and memory reports).
    var hasBuiltCompactAffixes: Bool { lazyCompact.isBuilt }

    /// The compact affixes and marker tables the general machine reads `bytes` with, each
    /// built now if this is the first parse that needs it. An input with no letter, mark or
    /// numeral (`1`, `1 234,56 $`, `-€5`) can match no compact affix (one without a letter
    /// begins with a digit, where the lexer reads a number) and, unless it holds a character
    /// of a letterless piece of the locale's names (`&` in English), no key of the name table
    /// or qualifier words (``WordCharacters``). Until the locale's own tables are built,
    /// such an input is read with the empty affixes and the wordless marker tables, so a
    /// locale's first such parse derives no word (BENCHMARKS.md, "A locale's first parse
    /// without its words"). The results are the same (LazyTablesTests). Once the locale's
    /// own tables are built every input takes them. A language's first own tables build on
    /// two threads (below).
    @inline(__always)
    func generalTables(for bytes: UnsafeBufferPointer<UInt8>)
        -> (compact: Unmanaged<CompactAffixes>, markers: Unmanaged<CurrencyConventions.Markers>) {
        if currencies.hasBuiltMarkers { return (unmanagedCompact, currencies.unmanagedMarkers) }
        return tablesBeforeOwn(for: bytes)
    }

    /// ``generalTables(for:)`` while the locale's own tables are not built: out of line, so
    /// that the general parse it is inlined into stays as small as before (inlined, this
    /// branch cost every general parse about 100 instructions, through the code around it).
    @inline(never)
    private func tablesBeforeOwn(for bytes: UnsafeBufferPointer<UInt8>)
        -> (compact: Unmanaged<CompactAffixes>, markers: Unmanaged<CurrencyConventions.Markers>) {
        // (Until the wordless tables are built, a first test for a word character keeps an
        // input with words from building them; after, one pass answers both tests.)
        if currencies.hasBuiltWordlessMarkers || !WordCharacters.lettersMarksAndNumerals.occur(in: bytes) {
            let wordless = currencies.unmanagedWordlessMarkers
            if wordless._withUnsafeGuaranteedRef({ $0.readsWithoutWords(bytes) }) {
                return (Unmanaged.passUnretained(CompactAffixes.empty), wordless)
            }
        }
        // A language's first input with a word derives its compact affixes (with the scale
        // words of ICU's spell-out rules) and its name table: for ru 76.7 M and 58.3 M
        // instructions, neither needing the other. The marker tables then build on a thread
        // of their own meanwhile, once the process's global tables (which they read last) are
        // built: on the process's first general parse, the global tables' build takes the
        // second core already (below). Not for a language's later locales, whose scale words
        // and name table are derived. Measured in BENCHMARKS.md, "The first use's ICU reads,
        // a language's tables on two threads"; LazyTablesTests checks the tables so built.
        if !hasBuiltCompactAffixes, GlobalMarkers.isBuilt, !ScaleWords.areDerived(forLocale: identifier) {
            currencies.startBuildingMarkers()
        }
        // In this order: the compact affixes' build starts the process's global marker
        // tables on another thread, which the marker tables need last.
        let compact = unmanagedCompact
        return (compact, currencies.unmanagedMarkers)
    }

    /// The words joining a major amount to its minor part (§7).
    let joiners: JoinerWords
    /// The case endings of unit words and scale words (§7), for languages that have them.
    let endings: WordEndings?
    /// The error every parse gives when ICU does not know the requested identifier (§1).
    let unknownLocale: MoneyParseError?
    /// The shape most amounts in the locale take, read in one pass before the general
    /// machine (nil when the locale has none).
    let commonShape: CommonShape?

    /// Reads a locale's data from ICU. Expensive (a few milliseconds): use ``profile(for:)``.
    init(identifier requested: String) {
        let identifier = ICU.canonicalLocale(requested)
        self.identifier = identifier
        switch KnownLocales.shared.verdict(on: requested, canonical: identifier) {
        case .known: self.unknownLocale = nil
        case .unknown(let nearest): self.unknownLocale = MoneyParseError(.unknownLocale(nearest: nearest), excerpt: requested)
        }
        self.region = ICU.region(ofLocale: identifier)
        self.language = String(identifier.prefix { $0 != "_" })
        // Conventions ICU has no data for (§7), by language and region.
        self.readsCantonese = language == "yue" || (language == "zh" && ["HK", "MO"].contains(region))
        self.readsColonDecimals = ["sv", "nb", "nn", "no", "da", "fi"].contains(language)
        self.readsSlashDashPrices = ["IN", "PK", "BD", "LK", "NP", "KE", "TZ", "UG"].contains(region)
        self.readsSlashEqualsPrices = ["KE", "TZ", "UG"].contains(region)
        self.readsDutchNegatives = language == "nl"
        self.readsKoreanCheques = language == "ko"
        self.readsColloquialDigits = language == "zh" || language == "yue"
        self.readsJapaneseReceipts = language == "ja"
        self.defaultCurrency = ICU.defaultCurrency(ofLocale: identifier).flatMap { (try? Currency(code: $0)) }
        let currencies = CurrencyConventions(locale: identifier, region: region, language: language)
        var numbers = NumberConventions(locale: identifier)
        let plainFormatting = FormattingConventions(locale: identifier, numbers: numbers, currencies: currencies)
        let ownFormats = LocaleProfile.ownFormats(locale: identifier, formatting: plainFormatting, displays: currencies.displays)
        let formatting = ownFormats.isEmpty ? plainFormatting : plainFormatting.with(ownFormats: ownFormats)
        numbers.ownFormats(ownFormats)
        let compactNumbers = numbers
        self.lazyCompact = LazyReference {
            // The first table of a locale's first general parse (MoneyParser reads it before
            // the marker tables): the global marker tables build meanwhile, on the process's
            // first general parse.
            GlobalMarkers.startBuildingConcurrently()
            return CompactAffixes.forLocale(identifier, numbers: compactNumbers)
        }
        self.currencies = currencies
        self.numbers = numbers
        self.formatting = formatting
        self.joiners = JoinerWords(locale: identifier, region: region, language: language)
        self.endings = WordEndings(region: region, language: language)
        self.commonShape = CommonShape(currency: defaultCurrency, numbers: numbers, formatting: formatting,
                                       displays: currencies.displays)
    }

    /// Whether a trailing digit after a unit is a tenth of it (`一万五`): Chinese locales.
    /// (Stored, like the flags below: the parse reads them on the hot path, and comparing the
    /// language's text each time cost 40 instructions a parse.)
    let readsColloquialDigits: Bool

    /// Whether Japanese receipt and bookkeeping conventions apply (`￥10,000-`, `金…也`,
    /// `△` and `▲` for minus, `\` for the yen sign).
    let readsJapaneseReceipts: Bool

    /// Whether Cantonese money units (蚊毫仙) are read: Cantonese, and Chinese in Hong Kong
    /// and Macao (Docs/ParsingRules.md §7).
    let readsCantonese: Bool

    /// Whether a colon is a decimal separator of price tags (`12:50 kr`, `25:-`): Swedish,
    /// Norwegian, Danish and Finnish (§7).
    let readsColonDecimals: Bool

    /// Whether `/-` after an amount means "exactly" (`Rs. 500/-`): locales of India,
    /// Pakistan, Bangladesh, Sri Lanka and Nepal, and of Kenya, Tanzania and Uganda (§7).
    let readsSlashDashPrices: Bool

    /// Whether `/=` after an amount means "exactly" (`KSh 2,500/=`): locales of Kenya,
    /// Tanzania and Uganda (§7).
    let readsSlashEqualsPrices: Bool

    /// Whether `-/-` is a minus sign (`-/- € 25,00`): Dutch bookkeeping (§7).
    let readsDutchNegatives: Bool

    /// Whether Korean cheque wording is read (`일금 삼백만원정`: 일금 or 금 before the amount,
    /// 정 after 원), §7.
    let readsKoreanCheques: Bool

    /// The currency-specific formats (from ICU's currency data) that this locale inherits:
    /// a candidate applies when ICU's own output for the currency, in the standard and the
    /// accounting style, is what that format writes and not what the locale's format writes.
    private static func ownFormats(
        locale: String, formatting: FormattingConventions, displays: CurrencyConventions.Displays
    ) -> [UInt16: FormattingConventions.OwnFormat] {
        let language = locale.prefix { $0 != "_" }
        var chosen: [UInt16: FormattingConventions.OwnFormat] = [:]
        for record in FormattingConventions.ownFormatRecords(language: String(language)) where chosen[record.currency] == nil {
            let code = displays[Int(record.currency)].code
            let minorUnits = Currency(index: record.currency).minorUnits
            let probe = ExactDecimal(significand: 1_234_567, scale: 0, isNegative: true)
            let digits = MoneyRenderer.Digits(probe, fractionDigits: minorUnits, isNegative: true)
            var icu: [String] = []
            for skeleton in ["currency/\(code)", "currency/\(code) sign-accounting"] {
                guard let formatter = try? ICU.ReferenceFormatter(locale: locale, skeleton: skeleton),
                      let text = formatter.format(decimal: "-1234567") else { break }
                icu.append(text)
            }
            guard icu.count == 2 else { continue }
            func written(_ conventions: FormattingConventions) -> [String] {
                let renderer = MoneyRenderer(formatting: conventions, displays: displays, symbols: nil)
                return [false, true].map {
                    renderer.format(digits, currency: record.currency, text: .symbol, accounting: $0, grouping: true)
                }
            }
            let candidate = formatting.with(ownFormats: [record.currency: record.format])
            if written(candidate) == icu && written(formatting) != icu {
                chosen[record.currency] = record.format
            }
        }
        return chosen
    }

    /// Most profiles kept. Every ICU locale fits (805 in ICU 72, about 100 MiB in all); the
    /// bound only matters for callers that pass endless distinct identifiers (keywords,
    /// junk), whose profiles are then rebuilt when needed again instead of piling up.
    static let maximumCachedProfiles = 2048

    /// Profiles by the identifier they were asked for.
    private static let cache = DerivedCache<String, LocaleProfile>(limit: maximumCachedProfiles)

    /// The cached profile for a locale identifier, read from ICU on first use. The profile
    /// is built outside the cache's lock, so a cold locale never blocks parsing in warm ones; a
    /// thread that asks for a locale another thread is building waits for that build
    /// rather than repeating it.
    static func profile(for identifier: String) -> LocaleProfile {
        cache.value(for: identifier) { LocaleProfile(identifier: identifier) }
    }

    /// Forgets every cached profile and the shared locale data behind them (tests use it to
    /// start from cold caches; parsers in use keep the profiles they hold).
    static func resetCaches() {
        DerivedCaches.resetAll()
    }

    /// How many profiles are cached.
    static var cachedCount: Int { cache.count }
}
