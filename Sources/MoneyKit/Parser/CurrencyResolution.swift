/// Docs/ParsingRules.md §4 (and §7's unit words, minor units and region qualifiers): which
/// currency the markers of an amount denote.
struct CurrencyResolution {
    /// The locale's profile, unmanaged and read through ``withProfile(_:)``, for the reason
    /// the lexer's is (the parser holds it for the parse).
    private let unmanagedProfile: Unmanaged<LocaleProfile>
    let hint: Currency?
    let strict: Bool
    let bytes: UnsafeBufferPointer<UInt8>
    /// The locale's marker tables, built now if this is the locale's first general parse.
    /// Unmanaged, read through ``withMarkers(_:)``: the profile above keeps them alive, and
    /// reads and copies cost no reference counting (see the same fields of ``Lexer``).
    private let markerTables: Unmanaged<CurrencyConventions.Markers>

    /// Runs `body` with the locale's profile, borrowed.
    @inline(__always)
    func withProfile<Result>(_ body: (LocaleProfile) -> Result) -> Result {
        unmanagedProfile._withUnsafeGuaranteedRef(body)
    }

    /// The currency of the locale's region, if it has one.
    private var regionalCurrency: Currency? { withProfile { $0.defaultCurrency } }

    /// Runs `body` with the locale's marker tables, borrowed.
    @inline(__always)
    func withMarkers<Result>(_ body: (CurrencyConventions.Markers) -> Result) -> Result {
        markerTables._withUnsafeGuaranteedRef(body)
    }

    /// The resolution of one parse's markers, with the locale's marker tables
    /// (``CurrencyConventions/markers``, given when the caller holds them already).
    init(profile: LocaleProfile, markers: Unmanaged<CurrencyConventions.Markers>? = nil, hint: Currency?, strict: Bool,
         bytes: UnsafeBufferPointer<UInt8>) {
        self.unmanagedProfile = Unmanaged.passUnretained(profile)
        self.hint = hint
        self.strict = strict
        self.bytes = bytes
        self.markerTables = markers ?? profile.currencies.unmanagedMarkers
    }

    /// Everything the marker tables say about one marker.
    struct Candidates {
        /// ISO code spelled by the marker, or nil.
        var isoCode: UInt16?
        /// Current currencies with this symbol in some locale (rule 4).
        var symbols = CurrencySet()
        /// The marker's keys in the symbol and word tables, whose
        /// ``GlobalMarkers/MarkerInfo/looseSymbols`` rule 2a reads: the currencies of the
        /// symbols that are this form up to spaces, periods and case (`FCFA`, `F CFA`). Read
        /// only when rule 2a needs them, not copied per parse.
        var symbolKey: Int32?
        var wordKey: Int32?
        /// Currencies no longer current with this symbol (they count for the hint only).
        var historic = CurrencySet()
        /// Currencies of supplement symbols and unit words with this form, whatever their scope.
        var supplementSymbols = CurrencySet()
        var supplementWords = CurrencySet()
        /// Whether those supplement symbols are markers in every locale (two or more
        /// characters): then they are rivals of an ICU symbol with the same form for rule 4.
        var supplementSymbolsAreAnywhere = false
        /// Rule 3 symbols: the locale's standard symbols and the supplement symbols in scope.
        var standard = CurrencySet()
        /// Display and plural names in the locale or English, current or not.
        var names = CurrencySet()
        /// Current currencies with this unit word, in the locale's language or English, and
        /// supplement unit words in scope.
        var unitWords = CurrencySet()

        /// Every currency the marker can denote without a hint (rule 6 lists these).
        var withoutHint: CurrencySet {
            var all = symbols.union(supplementSymbols).union(standard).union(names).union(unitWords)
            if let isoCode { all.insert(isoCode) }
            return all
        }

        /// Every currency the marker can denote (rule 1 checks the hint against these).
        var all: CurrencySet { withoutHint.union(historic).union(supplementWords) }

        /// Whether the marker is a form of a currency (rule 2a checks the region's currency):
        /// a symbol (or one up to spaces, periods and case), a supplement symbol whatever its
        /// scope, a name, a unit word or a supplement word in its scope (with the unit words:
        /// `pesos` is the US dollar in Puerto Rico only).
        func isForm(of currency: UInt16) -> Bool {
            if symbols.contains(currency) || supplementSymbols.contains(currency) || standard.contains(currency)
                || names.contains(currency) || unitWords.contains(currency) { return true }
            let global = GlobalMarkers.shared
            if let symbolKey, global.symbolHot.pointee.looseSymbols[Int(symbolKey)].contains(currency) { return true }
            if let wordKey, global.wordHot.pointee.looseSymbols[Int(wordKey)].contains(currency) { return true }
            return false
        }

        /// Currencies the marker can denote as a symbol (for pairing with an ISO code).
        var asSymbol: CurrencySet { symbols.union(supplementSymbols).union(standard).union(historic) }

        /// Whether the marker is only a currency name or unit word (not a symbol or code).
        var isNameOnly: Bool { isoCode == nil && asSymbol.isEmpty && !(names.isEmpty && unitWords.isEmpty) }

        /// Adds what a key of a global table says: its symbols, the supplement's entries for it
        /// (all scopes, those for everywhere, those scoped to include the locale) and the
        /// locale's standard symbols it spells. Fields are read one by one from the tables
        /// (no copy of a whole info on the hot path).
        mutating func add(
            key id: Int32, infos: [GlobalMarkers.MarkerInfo], supplement: [GlobalMarkers.SupplementInfo],
            standard localStandard: CurrencySet, scoped: (Int32) -> GlobalMarkers.SupplementSets?
        ) {
            let index = Int(id)
            symbols.formUnion(infos[index].symbols)
            historic.formUnion(infos[index].historic)
            standard.formUnion(localStandard)
            guard let supplementIndex = infos[index].supplement else { return }
            let entries = Int(supplementIndex)
            supplementSymbols.formUnion(supplement[entries].anyScope.symbols)
            supplementWords.formUnion(supplement[entries].anyScope.words)
            if supplement[entries].isMarkerAnywhere { supplementSymbolsAreAnywhere = true }
            standard.formUnion(supplement[entries].everywhere.symbols)
            unitWords.formUnion(supplement[entries].everywhere.words)
            if let scoped = scoped(id) {
                standard.formUnion(scoped.symbols)
                unitWords.formUnion(scoped.words)
            }
        }
    }

    func candidates(_ match: MarkerMatch) -> Candidates {
        withMarkers { candidates(match, markers: $0) }
    }

    private func candidates(_ match: MarkerMatch, markers: CurrencyConventions.Markers) -> Candidates {
        let global = GlobalMarkers.shared
        var candidates = Candidates()
        candidates.symbolKey = match.symbol
        candidates.wordKey = match.word
        if let symbol = match.symbol {
            candidates.add(key: symbol, infos: global.symbolInfos, supplement: global.symbolSupplement,
                           standard: markers.standardCurrencies(symbol: symbol), scoped: markers.scoped(symbol:))
        }
        if let word = match.word {
            let info = Int(word)
            candidates.isoCode = global.wordInfos[info].isoCode
            candidates.names.formUnion(global.wordInfos[info].englishNames)
            candidates.unitWords.formUnion(global.wordInfos[info].englishUnitWords)
            candidates.add(key: word, infos: global.wordInfos, supplement: global.wordSupplement,
                           standard: markers.standardCurrencies(word: word), scoped: markers.scoped(word:))
        }
        if let name = match.name {
            candidates.names.formUnion(markers.nameInfos[Int(name)].names)
            candidates.unitWords.formUnion(markers.nameInfos[Int(name)].unitWords)
        }
        return candidates
    }

    /// What a placed marker can denote: its tables' candidates, narrowed by the qualifier
    /// words next to it (§7: `australischen Dollar` is AUD). A qualifier only narrows a name
    /// or unit word, to currencies whose names have both; when none has, it is an error.
    func candidates(of marker: PlacedMarker) throws(MoneyParseError) -> Candidates {
        guard let qualifier = marker.qualifier else { return candidates(marker.match) }
        let plain = candidates(marker.match)
        let qualified = qualifiedCurrencies(start: Int(qualifier.lowerBound), end: Int(qualifier.upperBound))
        var nouns = CurrencySet()
        if let name = marker.match.name {
            let info = withMarkers { $0.nameInfos[Int(name)] }
            nouns = info.nouns.union(info.unitWords).union(info.names)
        }
        if let word = marker.match.word {
            let info = GlobalMarkers.shared.wordInfos[Int(word)]
            nouns.formUnion(info.englishUnitWords.union(info.englishNames).union(info.englishNouns))
        }
        let narrowed = nouns.intersection(qualified)
        guard plain.isoCode == nil, !narrowed.isEmpty else {
            throw qualifierError(start: Int(qualifier.lowerBound), end: Int(qualifier.upperBound))
        }
        var candidates = Candidates()
        candidates.names = narrowed
        return candidates
    }

    /// The currencies that every qualifier word in a range qualifies.
    private func qualifiedCurrencies(start: Int, end: Int) -> CurrencySet {
        var currencies: CurrencySet?
        var index = start
        while index < end {
            let (scalar, length) = Characters.decode(bytes, at: index)
            if Characters.isSpace(scalar) || Characters.isIgnorable(scalar) {
                index += length
                continue
            }
            guard let word = withMarkers({ $0.qualifier(in: bytes, from: index) }) else { break }
            currencies = currencies.map { $0.intersection(word.currencies) } ?? word.currencies
            index = word.end
        }
        return currencies ?? CurrencySet()
    }

    /// The error for qualifier words that name no currency here: alone (`10 Indian`), or
    /// next to a marker whose currencies they do not qualify (§7).
    func qualifierError(start: Int, end: Int) -> MoneyParseError {
        var union = CurrencySet()
        var index = start
        while index < end {
            let (scalar, length) = Characters.decode(bytes, at: index)
            if Characters.isSpace(scalar) || Characters.isIgnorable(scalar) {
                index += length
                continue
            }
            guard let word = withMarkers({ $0.qualifier(in: bytes, from: index) }) else { break }
            union.formUnion(word.currencies)
            index = word.end
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return MoneyParseError(.unexpectedCharacter, offset: start, excerpt: text,
                               detail: .qualifierWord(CurrencyCatalog.shared.mostLikelyFirst(union)))
    }

    /// Separator roles for the digits before a unit or multiplier, read before the currency
    /// is known: lenient inference, or the locale's own format in strict mode.
    var unitRoles: SeparatorRoles {
        withProfile { profile in
            SeparatorRoles(strict: strict ? profile.numbers.strictFormat : nil,
                           localeDecimalClasses: profile.numbers.strictFormat.decimalClasses)
        }
    }

    /// How the digits before a unit or multiplier of this parse are read (§4b).
    var coefficientReading: CoefficientReading {
        withProfile { profile in
            CoefficientReading(separators: SeparatorReading(roles: unitRoles, schemes: profile.numbers.groupingSchemes, minorUnits: 0),
                               groupingClasses: profile.numbers.groupingBeforeMultiplier, bytes: bytes)
        }
    }

    /// Whether rules 1-3 of §4 resolve a marker in this locale (the hint, an ISO code, a form
    /// of the region's currency, or the locale's own standard symbol or name).
    func resolvesLocally(_ marker: PlacedMarker) -> Bool {
        let candidates: Candidates
        if marker.qualifier == nil {
            candidates = self.candidates(marker.match)
        } else {
            guard let qualified = try? self.candidates(of: marker) else { return false }
            candidates = qualified
        }
        if let hint, candidates.all.contains(hint.index) { return true }
        return localResolution(candidates, marker) != nil
    }

    /// Rules 2, 2a and 3: an ISO code, any form of the region's currency, the locale's own
    /// standard symbol or name of one current currency; nil when none of them decides.
    private func localResolution(_ candidates: Candidates, _ marker: PlacedMarker) -> Currency? {
        if let code = candidates.isoCode {
            // An ISO code is that currency — unless it is written in lower case or names a
            // currency no longer current, and is a form of the region's currency here (`80 bob`,
            // Kenyan slang for shillings; `GHC` as Ghanaians write the cedi).
            if let regional = regionalCurrency, regional.index != code, candidates.isForm(of: regional.index),
               !CurrencyCatalog.shared.entries[Int(code)].isCurrent || hasLowerCase(marker) {
                return regional
            }
            return Currency(index: code)
        }
        if let regional = regionalCurrency, candidates.isForm(of: regional.index) { return regional }
        let current = CurrencyCatalog.shared.currentSet
        return candidates.standard.union(candidates.names.intersection(current)).single.map { Currency(index: $0) }
    }

    /// §4b: a marker that is also a compact affix attached to the number (`1.2K`) is a
    /// multiplier unless rules 1-3 of §4 resolve it as a marker (`1,234 K` is ZMW in en_ZM);
    /// a prefix multiplier applies to the whole number.
    func settleMultipliers(_ structure: inout AmountStructure, bytes: UnsafeBufferPointer<UInt8>) throws(MoneyParseError) {
        for which in 0..<2 {
            guard let marker = which == 0 ? structure.firstMarker : structure.secondMarker,
                  let multiplier = marker.multiplier, !resolvesLocally(marker) else { continue }
            try applyMultiplier(multiplier, at: marker.start, to: &structure.number, bytes: bytes)
            structure.number.extend(to: marker.end)
            if which == 0 {
                structure.firstMarker = structure.secondMarker
            }
            structure.secondMarker = nil
        }
        if let prefix = structure.prefixMultiplier {
            try applyMultiplier(prefix.exponent, at: prefix.offset, to: &structure.number, bytes: bytes)
        }
    }

    private func applyMultiplier(
        _ exponent: Int8, at offset: Int, to number: inout NumberScan, bytes: UnsafeBufferPointer<UInt8>
    ) throws(MoneyParseError) {
        try number.applyMultiplier(exponent: exponent, at: offset, reading: coefficientReading)
    }

    /// The currencies yuan units (元角分) can stand for (§4b).
    static let yuanCurrencies = CurrencySet(["CNY", "TWD", "HKD", "MOP", "SGD"].compactMap { (try? Currency(code: $0))?.index })

    /// The currency that yuan units name: the hint when it is one of the yuan currencies; in a
    /// Chinese locale whose region's currency is one, that one; else CNY.
    private func yuanCurrency(offset: Int) throws(MoneyParseError) -> Currency {
        let yuan = CurrencyResolution.yuanCurrencies
        let colloquial = withProfile { $0.readsColloquialDigits }
        let regional = regionalCurrency.flatMap { yuan.contains($0.index) && colloquial ? $0 : nil }
        let implied = regional ?? (try! Currency(code: "CNY"))
        guard let hint else { return implied }
        guard yuan.contains(hint.index) else {
            throw MoneyParseError(.currencyMismatch(found: implied, expected: hint), offset: offset)
        }
        return hint
    }

    /// Whether two markers may stand together: an ISO code and a symbol that can denote it.
    func pairs(_ first: PlacedMarker, _ second: PlacedMarker) -> Bool {
        let a = candidates(first.match)
        let b = candidates(second.match)
        if let code = a.isoCode, b.asSymbol.contains(code) { return true }
        if let code = b.isoCode, a.asSymbol.contains(code) { return true }
        return false
    }

    /// The currency of an amount with these markers (and yuan units at `yuanOffset`, when
    /// there are any).
    func resolve(_ first: PlacedMarker?, _ second: PlacedMarker?, yuanOffset: Int? = nil) throws(MoneyParseError) -> Currency {
        if let yuanOffset {
            guard let first else { return try yuanCurrency(offset: yuanOffset) }
            // Another marker decides, but must denote one of the yuan currencies.
            let currency = try resolve(first, second)
            guard CurrencyResolution.yuanCurrencies.contains(currency.index) else {
                throw MoneyParseError(.multipleMarkers, offset: first.start, excerpt: excerpt(first))
            }
            return currency
        }
        guard let first else {
            if let hint { return hint }
            if let regional = regionalCurrency { return regional }
            throw MoneyParseError(.missingCurrency)
        }
        let firstCandidates = try candidates(of: first)
        guard let second else {
            let currency = try resolve(first, firstCandidates)
            try checkSide(first, firstCandidates, currency: currency)
            return currency
        }
        // Two markers: an ISO code with a symbol that can denote that currency.
        if first.match == second.match {
            throw MoneyParseError(.multipleMarkers, offset: second.start, excerpt: excerpt(second), detail: .repeatedMarker)
        }
        let secondCandidates = try candidates(of: second)
        if let code = firstCandidates.isoCode, secondCandidates.asSymbol.contains(code) {
            return try resolvePair(code: first, first: (first, firstCandidates), second: (second, secondCandidates), code)
        }
        if let code = secondCandidates.isoCode, firstCandidates.asSymbol.contains(code) {
            return try resolvePair(code: second, first: (first, firstCandidates), second: (second, secondCandidates), code)
        }
        throw MoneyParseError(.multipleMarkers, offset: second.start, excerpt: excerpt(second))
    }

    /// An ISO code and a symbol of the same currency: the code decides.
    private func resolvePair(
        code codeMarker: PlacedMarker, first: (PlacedMarker, Candidates), second: (PlacedMarker, Candidates), _ code: UInt16
    ) throws(MoneyParseError) -> Currency {
        let currency = Currency(index: code)
        if let hint, hint != currency {
            throw MoneyParseError(.currencyMismatch(found: currency, expected: hint),
                                  offset: codeMarker.start, excerpt: excerpt(codeMarker))
        }
        try checkSide(first.0, first.1, currency: currency)
        try checkSide(second.0, second.1, currency: currency)
        return currency
    }

    /// Rules 1-6 for a single marker.
    private func resolve(_ marker: PlacedMarker, _ candidates: Candidates) throws(MoneyParseError) -> Currency {
        let all = candidates.all
        // Rule 1: the marker names the hint.
        if let hint, all.contains(hint.index) { return hint }
        let found = try resolveWithoutHint(marker, candidates)
        if let hint, hint != found {
            throw MoneyParseError(.currencyMismatch(found: found, expected: hint),
                                  offset: marker.start, excerpt: excerpt(marker))
        }
        return found
    }

    private func resolveWithoutHint(_ marker: PlacedMarker, _ candidates: Candidates) throws(MoneyParseError) -> Currency {
        // Rules 2, 2a and 3.
        if let local = localResolution(candidates, marker) { return local }
        // Rule 3b (§7): a unit word of one current currency, or its reference currency.
        if let only = candidates.unitWords.single { return Currency(index: only) }
        if let only = candidates.unitWords.intersection(CurrencyCatalog.referenceCurrencies).single { return Currency(index: only) }
        // Rule 4: a symbol of exactly one current currency across all locales and the
        // supplement (`Rs.` is ICU's for LKR only, but the supplement's for INR, PKR, NPR too).
        let rivals = candidates.supplementSymbolsAreAnywhere ? candidates.supplementSymbols : CurrencySet()
        if !candidates.symbols.isEmpty, let only = candidates.symbols.union(rivals).single {
            return Currency(index: only)
        }
        // Rule 5: a name of exactly one currency, current or not.
        if let only = candidates.names.single { return Currency(index: only) }
        // Rule 6.
        throw ambiguous(marker, candidates.withoutHint)
    }

    /// The error of rule 6: the candidates, most likely first.
    private func ambiguous(_ marker: PlacedMarker, _ candidates: CurrencySet) -> MoneyParseError {
        MoneyParseError(.ambiguousCurrency(candidates: CurrencyCatalog.shared.mostLikelyFirst(candidates)),
                        offset: marker.start, excerpt: excerpt(marker))
    }

    /// What the supplement says of a marker (minor units and qualifiers are supplement forms
    /// only, §7): its entries' currencies whatever their scope, and those of the entries that
    /// apply in this locale.
    func supplementSets(_ match: MarkerMatch) -> (anyScope: GlobalMarkers.SupplementSets, here: GlobalMarkers.SupplementSets) {
        let global = GlobalMarkers.shared
        var anyScope = GlobalMarkers.SupplementSets()
        var here = GlobalMarkers.SupplementSets()
        func add(_ id: Int32?, _ infos: [GlobalMarkers.MarkerInfo], _ supplement: [GlobalMarkers.SupplementInfo],
                 scoped: GlobalMarkers.SupplementSets?) {
            guard let id, let supplementIndex = infos[Int(id)].supplement else { return }
            let entries = supplement[Int(supplementIndex)]
            anyScope.formUnion(entries.anyScope)
            here.formUnion(entries.everywhere)
            if let scoped { here.formUnion(scoped) }
        }
        // Read first, outside `add`: a closure calling it would box the sets it changes.
        let scoped = withMarkers { markers in
            (match.symbol.flatMap { markers.scoped(symbol: $0) }, match.word.flatMap { markers.scoped(word: $0) })
        }
        add(match.symbol, global.symbolInfos, global.symbolSupplement, scoped: scoped.0)
        add(match.word, global.wordInfos, global.wordSupplement, scoped: scoped.1)
        return (anyScope, here)
    }

    /// The currency of an amount written in minor units alone (`50 cents`, `99p`): the hint,
    /// the region's currency, or the only currency the form is a minor unit of (§7).
    func resolveMinor(_ marker: PlacedMarker) throws(MoneyParseError) -> Currency {
        let sets = supplementSets(marker.match)
        if let hint {
            guard sets.anyScope.minor.contains(hint.index) else {
                throw MoneyParseError(.currencyMismatch(found: Currency(index: sets.anyScope.minor.first ?? hint.index),
                                                        expected: hint), offset: marker.start, excerpt: excerpt(marker))
            }
            return hint
        }
        if let regional = regionalCurrency, sets.here.minor.contains(regional.index) { return regional }
        if let only = sets.here.minor.single { return Currency(index: only) }
        throw ambiguous(marker, sets.here.minor)
    }

    /// Checks that a minor-unit form after a major amount (`5 zł 50 gr`) is a minor unit of
    /// the amount's currency (§7).
    func checkMinor(_ marker: PlacedMarker, of currency: Currency) throws(MoneyParseError) {
        guard supplementSets(marker.match).anyScope.minor.contains(currency.index) else {
            throw MoneyParseError(.multipleMarkers, offset: marker.start, excerpt: excerpt(marker),
                                  detail: .minorUnitOfOtherCurrency(currency))
        }
    }

    /// The currency a region qualifier selects among those a marker can denote (`$100 US`,
    /// `$1,500.00 M.N.`, the cheque's `PESOS 00/100 M.N.`; §7): a symbol, a currency name or a
    /// unit word; an ISO code names its currency already.
    func resolveQualified(_ marker: PlacedMarker, by qualifierToken: Qualifier) throws(MoneyParseError) -> Currency {
        let candidates = candidates(marker.match)
        let regional = switch qualifierToken.name {
        case .region(let region): CurrencyCatalog.shared.currencies(inRegion: region)
        case .supplement(let match): supplementSets(match).anyScope.qualifier
        }
        let offset = qualifierToken.start
        let qualifier = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<qualifierToken.end]), as: UTF8.self)
        guard candidates.isoCode == nil, let only = candidates.withoutHint.intersection(regional).single else {
            throw MoneyParseError(.multipleMarkers, offset: offset, excerpt: qualifier, detail: .regionWithoutSymbol(excerpt(marker)))
        }
        let currency = Currency(index: only)
        if let hint, hint != currency {
            throw MoneyParseError(.currencyMismatch(found: currency, expected: hint), offset: offset, excerpt: qualifier)
        }
        return currency
    }

    /// Strict mode (§6): symbols and codes stand where the locale's currency or
    /// accounting pattern puts them (or the currency's own format, for EUR in en_150), names
    /// where its plural-name pattern does. When the locale has no name for the currency, ICU
    /// writes the ISO code in the name's place, so the code may stand there too.
    private func checkSide(_ marker: PlacedMarker, _ candidates: Candidates, currency: Currency) throws(MoneyParseError) {
        guard strict else { return }
        var allowed = MarkerSides()
        let codeStandsForName = candidates.isoCode != nil && !withMarkers { $0.hasName(currency.index) }
        withProfile { profile in
            if !candidates.names.isEmpty || !candidates.unitWords.isEmpty || codeStandsForName {
                allowed.formUnion(profile.numbers.nameSides)
            }
            if !candidates.isNameOnly { allowed.formUnion(profile.numbers.strictFormat(for: currency.index).symbolSides) }
        }
        if !allowed.contains(marker.side) {
            throw MoneyParseError(.misplacedMarker, offset: marker.start, excerpt: excerpt(marker))
        }
    }

    /// Whether a marker's text has a lower-case ASCII letter.
    private func hasLowerCase(_ marker: PlacedMarker) -> Bool {
        bytes[marker.start..<marker.end].contains { $0 &- 0x61 < 26 }
    }

    private func excerpt(_ marker: PlacedMarker) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[marker.start..<marker.end]), as: UTF8.self)
    }
}
