/// SPEC section 5: which currency the markers of an amount denote.
struct CurrencyResolution {
    let profile: LocaleProfile
    let hint: Currency?
    let strict: Bool
    let bytes: UnsafeBufferPointer<UInt8>

    /// Everything the marker tables say about one marker.
    struct Candidates {
        /// ISO code spelled by the marker, or nil.
        var isoCode: UInt16?
        /// Current currencies with this symbol in some locale (rule 4).
        var symbols = CurrencySet()
        /// Currencies of supplement entries with this marker, any region.
        var supplement = CurrencySet()
        /// Currencies no longer current with this symbol (they count for the hint only).
        var historic = CurrencySet()
        /// Rule 3 symbols: the locale's standard symbols and its region's supplement entries.
        var standardSymbols = CurrencySet()
        /// Display and plural names in the locale or English, current or not.
        var names = CurrencySet()

        /// Every currency the marker can denote without a hint (rule 6 lists these).
        var withoutHint: CurrencySet {
            var all = symbols.union(supplement).union(standardSymbols).union(names)
            if let isoCode { all.insert(isoCode) }
            return all
        }

        /// Every currency the marker can denote (rule 1 checks the hint against these).
        var all: CurrencySet { withoutHint.union(historic) }

        /// Currencies the marker can denote as a symbol (for pairing with an ISO code).
        var asSymbol: CurrencySet { symbols.union(supplement).union(standardSymbols).union(historic) }

        /// Whether the marker is only a currency name (not a symbol or code).
        var isNameOnly: Bool { isoCode == nil && asSymbol.isEmpty && !names.isEmpty }
    }

    func candidates(_ match: MarkerMatch) -> Candidates {
        let global = GlobalMarkers.shared
        var candidates = Candidates()
        if match.symbol >= 0 {
            let info = global.symbolInfos[Int(match.symbol)]
            candidates.symbols = info.currencies
            candidates.supplement = info.supplementCurrencies
            candidates.historic = info.historic
            candidates.standardSymbols = profile.currencies.standardSymbolCurrencies(match.symbol)
        }
        if match.word >= 0 {
            let info = global.wordInfos[Int(match.word)]
            if info.isoCode >= 0 { candidates.isoCode = UInt16(info.isoCode) }
            candidates.names = info.englishNames
        }
        if match.name >= 0 {
            candidates.names.formUnion(profile.currencies.nameCurrencies[Int(match.name)])
        }
        return candidates
    }

    /// Separator roles for the digits before a unit or multiplier, read before the currency
    /// is known: lenient inference, or the locale's own format in strict mode.
    var unitRoles: SeparatorRoles {
        SeparatorRoles(strict: strict ? profile.numbers.strictFormat : nil)
    }

    /// Whether rules 1-3 of SPEC 5 resolve a marker in this locale (the hint, an ISO code,
    /// or the locale's own standard symbol or name).
    func resolvesLocally(_ marker: PlacedMarker) -> Bool {
        let candidates = candidates(marker.match)
        if let hint, candidates.all.contains(hint.index) { return true }
        if candidates.isoCode != nil { return true }
        let standard = candidates.standardSymbols.union(candidates.names.intersection(CurrencyCatalog.shared.currentSet))
        if standard.single != nil { return true }
        if standard.count > 1, let regional = profile.defaultCurrency, standard.contains(regional.index) { return true }
        return false
    }

    /// SPEC 7: a marker that is also a compact affix attached to the number (`1.2K`) is a
    /// multiplier unless rules 1-3 resolve it as a marker (`1,234 K` is ZMW in en_ZM); a
    /// prefix multiplier applies to the whole number.
    func settleMultipliers(_ structure: inout AmountStructure, bytes: UnsafeBufferPointer<UInt8>) throws(MoneyParseError) {
        for which in 0..<2 {
            guard let marker = which == 0 ? structure.firstMarker : structure.secondMarker,
                  marker.multiplier >= 0, !resolvesLocally(marker) else { continue }
            try applyMultiplier(marker.multiplier, at: marker.start, to: &structure.number, bytes: bytes)
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
        let numbers = profile.numbers
        try number.applyMultiplier(exponent: exponent, at: offset, roles: unitRoles,
                                   groupingClasses: numbers.strictFormat.groupingClasses,
                                   schemes: numbers.groupingSchemes, bytes: bytes)
    }

    /// The currencies yuan units (元角分) can stand for (SPEC 6).
    static let yuanCurrencies = CurrencySet(["CNY", "TWD", "HKD", "MOP", "SGD"].compactMap { Currency(code: $0)?.index })

    /// The currency that yuan units name: the hint when it is one of the yuan currencies; in a
    /// Chinese locale whose region's currency is one, that one; else CNY.
    private func yuanCurrency(offset: Int) throws(MoneyParseError) -> Currency {
        let yuan = CurrencyResolution.yuanCurrencies
        let regional = profile.defaultCurrency.flatMap { yuan.contains($0.index) && profile.readsColloquialDigits ? $0 : nil }
        let implied = regional ?? Currency(code: "CNY")!
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

    /// The currency of an amount with these markers (and yuan units at `yuanOffset`, -1 when
    /// there are none).
    func resolve(_ first: PlacedMarker?, _ second: PlacedMarker?, yuanOffset: Int = -1) throws(MoneyParseError) -> Currency {
        if yuanOffset >= 0 {
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
            if let regional = profile.defaultCurrency { return regional }
            throw MoneyParseError(.missingCurrency)
        }
        let firstCandidates = candidates(first.match)
        guard let second else {
            let currency = try resolve(first, firstCandidates)
            try checkSide(first, firstCandidates, currency: currency)
            return currency
        }
        // Two markers: an ISO code with a symbol that can denote that currency.
        let secondCandidates = candidates(second.match)
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
        let found = try resolveWithoutHint(marker, candidates, all: all)
        if let hint, hint != found {
            throw MoneyParseError(.currencyMismatch(found: found, expected: hint),
                                  offset: marker.start, excerpt: excerpt(marker))
        }
        return found
    }

    private func resolveWithoutHint(
        _ marker: PlacedMarker, _ candidates: Candidates, all: CurrencySet
    ) throws(MoneyParseError) -> Currency {
        // Rule 2: an ISO code.
        if let code = candidates.isoCode { return Currency(index: code) }
        // Rule 3: the locale's own standard symbol, name or plural name of one current currency.
        let current = CurrencyCatalog.shared.currentSet
        let standard = candidates.standardSymbols.union(candidates.names.intersection(current))
        if let only = standard.single { return Currency(index: only) }
        if standard.count > 1, let regional = profile.defaultCurrency, standard.contains(regional.index) {
            return regional
        }
        // Rule 4: a symbol of exactly one current currency across all locales.
        if let only = candidates.symbols.single { return Currency(index: only) }
        // Rule 5: a name of exactly one currency, current or not.
        if let only = candidates.names.single { return Currency(index: only) }
        // Rule 6.
        throw MoneyParseError(.ambiguousCurrency(candidates: candidates.withoutHint.members.map { Currency(index: $0) }),
                              offset: marker.start, excerpt: excerpt(marker))
    }

    /// Strict mode (SPEC 9): symbols and codes stand where the locale's currency or
    /// accounting pattern puts them (or the currency's own format, for EUR in en_150), names
    /// where its plural-name pattern does. When the locale has no name for the currency, ICU
    /// writes the ISO code in the name's place, so the code may stand there too.
    private func checkSide(_ marker: PlacedMarker, _ candidates: Candidates, currency: Currency) throws(MoneyParseError) {
        guard strict else { return }
        let numbers = profile.numbers
        var allowed = MarkerSides()
        let codeStandsForName = candidates.isoCode != nil && !profile.currencies.hasName(currency.index)
        if !candidates.names.isEmpty || codeStandsForName { allowed.formUnion(numbers.nameSides) }
        if !candidates.isNameOnly { allowed.formUnion(numbers.strictFormat(for: currency.index).symbolSides) }
        if !allowed.contains(marker.side) {
            throw MoneyParseError(.misplacedMarker, offset: marker.start, excerpt: excerpt(marker))
        }
    }

    private func excerpt(_ marker: PlacedMarker) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[marker.start..<marker.end]), as: UTF8.self)
    }
}
