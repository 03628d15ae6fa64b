
/// A locale's compact-number affixes and scale words (Docs/ParsingRules.md §4b and §7): `K`,
/// `M` in en, `Mio.`, `Tausend`, `Millionen` in de, `L`, `Cr` in en_IN, `万亿` in zh — each
/// with the power of ten it multiplies by and the side of the number it stands on, learned
/// from ICU's own compact-number output (short and long forms, plain and with a currency) —,
/// the scale words of ICU's spell-out rules (``ScaleWords``: `milhões`, `miliardów`, `mil
/// millones`), and the supplement's multiplier words (`lakh`, `crore`). Matched folded.
final class CompactAffixes: Sendable {
    struct Affix: Sendable, Equatable {
        /// The power of ten it multiplies by.
        let exponent: Int8
        /// Where it stands.
        let sides: MarkerSides
        /// Whether it ends with the language's particle (`millones de`): a unit word or name
        /// must follow.
        var endsWithParticle = false
        /// Whether it is a scale word (from ICU's spell-out rules or the supplement's
        /// multiplier words), not only a compact-number abbreviation: scale words multiply
        /// one another (`lakh crore`, `हजार करोड़`), abbreviations do not (`tys. mln`).
        var isWord = false
    }

    /// Folded affix texts.
    let trie: MarkerTrie
    /// For each key of ``trie``.
    let affixes: [Affix]
    /// Whether any affix stands before / after the number (most locales have none before).
    let hasPrefixes: Bool
    let hasSuffixes: Bool
    /// The first scalars of the affixes, folded and with their upper- and title-case forms,
    /// so that text that cannot start an affix is passed over without walking the trie:
    /// a bitmap for ASCII, a sorted list for the rest.
    private let firstASCII: (UInt64, UInt64)
    private let firstOthers: [UInt32]

    /// Whether an affix may start with this (canonical) scalar.
    @inline(__always)
    func mayStart(with scalar: UInt32) -> Bool {
        if scalar < 64 { return firstASCII.0 & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return firstASCII.1 & (1 << UInt64(scalar - 64)) != 0 }
        return firstOthers.sortedContains(scalar)
    }

    /// Every affix, for checks: key bytes and affix, sorted by key.
    let entries: [(key: [UInt8], affix: Affix)]

    /// Probe results by everything ICU's output depends on (see ``forLocale(_:numbers:currencies:currency:)``).
    private static let cache = Locked<[String: Probed]>([:])
    /// What probes found -> its identity (probes that found the same share one).
    private static let identities = Locked<[String: Int]>([:])

    static func resetCache() {
        cache.withLock { $0 = [:] }
        identities.withLock { $0 = [:] }
        tables.withLock { $0 = [:] }
    }

    /// The results of probes, with an identity of what they found: equal for equal results,
    /// so that locales whose probes found the same can share the table built from them.
    struct Probed: Sendable {
        let probes: [Probe]
        let identity: Int

        init(_ probes: [Probe]) {
            self.probes = probes
            let text = probes.map(\.description).joined(separator: "\u{1}")
            identity = CompactAffixes.identities.withLock { identities in
                if let known = identities[text] { return known }
                identities[text] = identities.count
                return identities.count - 1
            }
        }
    }

    /// What one ICU formatting probe found: the affix texts, with their powers of ten and sides.
    struct Probe: Sendable, CustomStringConvertible {
        var found: [(text: String, exponent: Int, side: MarkerSide)] = []
        /// Whether the probe wrote the long form (`Millionen`, `કરોડ`): words, not abbreviations.
        var isLong = false

        /// Everything the probe found, as text (a cache key).
        var description: String {
            (isLong ? "long" : "short") + found.map { "\u{3}\($0.text)\u{3}\($0.exponent)\u{3}\($0.side)" }.joined()
        }
    }

    /// The supplement's multiplier words and particles in scope for a locale's region and
    /// language.
    struct SupplementScope {
        let multipliers: [MarkerSupplement.Entry]
        let particles: [MarkerSupplement.Entry]

        init(locale: String) {
            let region = ICU.region(ofLocale: locale)
            let language = String(locale.prefix { $0 != "_" })
            let supplement = MarkerSupplement.shared
            multipliers = supplement.entries(.multiplier).filter { $0.applies(inRegion: region, language: language) }
            particles = supplement.entries(.particle).filter { $0.applies(inRegion: region, language: language) }
        }

        /// The entries' forms and powers, as text (a cache key).
        var key: String {
            multipliers.map { "\($0.form)\u{3}\($0.exponent.map(String.init) ?? "")" }.joined(separator: "\u{4}")
                + "\u{2}" + particles.map(\.form).joined(separator: "\u{4}")
        }
    }

    /// A locale's affixes. The ICU formatting probes behind them are shared with every
    /// locale that reads the same ICU data for them.
    ///
    /// Probing means hundreds of ICU calls, so probe results are cached under a key naming
    /// everything ICU's compact output depends on: the bundles that define the locale's
    /// compact and minimum-grouping data (ICU's fallback makes two locales whose data comes
    /// from the same bundle read the same data), the numbering system, the number symbols,
    /// the plural rules and, for the currency probe, the currency texts. Regional variants
    /// of a language mostly share them. The test suite compares the result with affixes
    /// probed afresh.
    static func forLocale(_ locale: String, numbers: NumberConventions, currencies: CurrencyConventions,
                          currency: Currency?) -> CompactAffixes {
        var parts: [String] = []
        for system in Set([numbers.numberingSystem, "latn"]).sorted() {
            for path in ["patternsShort/decimalFormat", "patternsLong/decimalFormat", "patternsShort/currencyFormat"] {
                parts.append(ICU.resourceOwner(locale: locale, path: "NumberElements/\(system)/\(path)"))
            }
        }
        parts.append(ICU.resourceOwner(locale: locale, path: "NumberElements/minimumGroupingDigits"))
        parts += [numbers.numberingSystem, numbers.decimalSymbol, numbers.monetaryDecimalSymbol, numbers.groupingSymbol,
                  numbers.monetaryGroupingSymbol]
        parts += ICU.pluralRules(ofLocale: locale).map { "\($0.keyword):\($0.rule)" }
        // A locale without a region currency is probed with USD, whose symbol must then be
        // taken out of the affixes too (`M $ SU` in br is `M` and the symbol `$ SU`).
        let probed = currency ?? (try! Currency(code: "USD"))
        let code = probed.code
        let symbol: String? = currencies.displays[Int(probed.index)].symbol
        let dataKey = parts.joined(separator: "\u{1}")
        let currencyKey = dataKey + "\u{1}\(code)\u{1}\(symbol ?? "")"
        let cached = cache.withLock { ($0[dataKey], $0[currencyKey]) }
        var plain = cached.0
        var withCurrency = cached.1
        if plain == nil || withCurrency == nil {
            let probes = CompactAffixes.probe(locale: locale, numbers: numbers, code: code, symbol: symbol,
                                              plain: plain == nil, currency: withCurrency == nil)
            plain = plain ?? Probed(probes.plain)
            withCurrency = withCurrency ?? Probed(probes.currency)
            cache.withLock {
                $0[dataKey] = $0[dataKey] ?? plain
                $0[currencyKey] = $0[currencyKey] ?? withCurrency
            }
        }
        // The affixes depend on what the probes found, the supplement's entries in scope and
        // the language's scale words: locales that share all three share the table, whatever
        // their currency and region (the probes of most currencies find the same affixes).
        let scope = SupplementScope(locale: locale)
        let tableKey = "\(plain!.identity)\u{1}\(withCurrency!.identity)\u{2}" + scope.key + "\u{2}"
            + ScaleWords.languageAndScript(locale)
        if let table = tables.withLock({ $0[tableKey] }) { return table }
        let table = CompactAffixes(probes: plain!.probes + withCurrency!.probes, scope: scope, locale: locale)
        return tables.withLock { tables in
            if let existing = tables[tableKey] { return existing }
            tables[tableKey] = table
            return table
        }
    }

    /// Built tables, by everything they depend on (see ``forLocale(_:numbers:currencies:currency:)``).
    private static let tables = Locked<[String: CompactAffixes]>([:])

    /// Builds a locale's affixes from fresh ICU probes (uncached: use ``forLocale(_:numbers:currencies:currency:)``).
    convenience init(locale: String, numbers: NumberConventions, currencies: CurrencyConventions, currency: Currency?) {
        let probed = currency ?? (try! Currency(code: "USD"))
        let probes = CompactAffixes.probe(locale: locale, numbers: numbers, code: probed.code,
                                          symbol: currencies.displays[Int(probed.index)].symbol,
                                          plain: true, currency: true)
        self.init(probes: probes.plain + probes.currency, scope: SupplementScope(locale: locale), locale: locale)
    }

    /// Runs ICU's compact formatting on powers of ten (short and long forms, plain and
    /// with the currency) and collects the affixes around the digits.
    private static func probe(
        locale: String, numbers: NumberConventions, code: String, symbol: String?, plain: Bool, currency: Bool
    ) -> (plain: [Probe], currency: [Probe]) {
        let currencyTexts = [symbol, code].compactMap { $0 }
        var probes: [(skeleton: String, values: [String], isCurrency: Bool)] = []
        if plain {
            probes += [("compact-short", ["1", "2", "1.5"], false), ("compact-long", ["1", "2", "5", "1.5"], false)]
        }
        if currency { probes.append(("compact-short currency/\(code)", ["1"], true)) }
        let decimalSymbols = Set([numbers.monetaryDecimalSymbol, numbers.decimalSymbol].compactMap { $0.unicodeScalars.last?.value })
        let currencyScalars = currencyTexts.filter { !$0.isEmpty }.map { $0.unicodeScalars.map(\.value) }
        var result: (plain: [Probe], currency: [Probe]) = ([], [])
        for probe in probes {
            var found = Probe(isLong: probe.skeleton.hasPrefix("compact-long"))
            if let formatter = try? ICU.ReferenceFormatter(locale: locale, skeleton: probe.skeleton) {
                for power in 3...15 {
                    for value in probe.values {
                        guard let exact = ExactDecimal(plainText: value)?.shifted(by: power),
                              let digits = exact.plainDigits, let text = formatter.format(decimal: digits),
                              let affix = CompactAffixes.affix(in: text, value: exact, decimalSymbols: decimalSymbols,
                                                               removing: probe.isCurrency ? currencyScalars : [])
                        else { continue }
                        found.found.append(affix)
                    }
                }
            }
            if probe.isCurrency { result.currency.append(found) } else { result.plain.append(found) }
        }
        return result
    }

    /// Collects the probed affixes and the supplement's multiplier words in scope for the
    /// locale; then lets a multiplier ending in a period also match without it, and a
    /// multiplier after the number take the language's particle (`millones de`, §7).
    private init(probes: [Probe], scope: SupplementScope, locale: String) {
        var builder = MarkerTableBuilder(empty: Affix(exponent: -1, sides: []))
        func record(_ text: String, exponent: Int, side: MarkerSide, isWord: Bool = false) {
            let key = MarkerKey.bytes(of: text, folded: true)
            // Single CJK unit characters (万, 億, 만...) are numerals already, read the same way.
            guard !key.isEmpty, exponent > 0, exponent < 100,
                  !(text.unicodeScalars.count == 1 && Numerals.kind(text.unicodeScalars.first!.value) != nil) else { return }
            builder.update(key) { affix in
                if affix.exponent < 0 || affix.exponent == Int8(exponent) {
                    affix = Affix(exponent: Int8(exponent), sides: affix.sides.union(MarkerSides(side)),
                                  isWord: affix.isWord || isWord)
                }
            }
        }
        for probe in probes {
            for affix in probe.found { record(affix.text, exponent: affix.exponent, side: affix.side, isWord: probe.isLong) }
        }
        let language = String(locale.prefix { $0 != "_" })
        for entry in scope.multipliers {
            record(entry.form, exponent: Int(entry.exponent!), side: .after, isWord: MarkerKey.isCaseInsensitiveForm(entry.form))
        }
        // Scale words from ICU's spell-out rules (§7): the language's, then English's, which
        // count in every locale where the language does not give the words another power.
        for word in ScaleWords.forLocale(locale) + (language == "en" ? [] : ScaleWords.forLocale("en")) {
            record(word.text, exponent: word.exponent, side: word.side, isWord: true)
        }
        builder.addPeriodlessVariants()
        let particles = scope.particles
        for key in particles.isEmpty ? [] : builder.keys {
            guard let affix = builder.info(forKey: key), affix.sides.contains(.after) else { continue }
            for particle in particles {
                builder.update(key + [0x20] + MarkerKey.bytes(of: particle.form, folded: true)) {
                    $0 = Affix(exponent: affix.exponent, sides: .after, endsWithParticle: true, isWord: affix.isWord)
                }
            }
        }
        let (trie, affixes) = builder.build()
        (self.trie, self.affixes) = (trie, affixes)
        let keys = builder.keys
        entries = keys.map { ($0, affixes[Int(trie.value(forKey: $0))]) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        hasPrefixes = affixes.contains { $0.sides.contains(.before) }
        hasSuffixes = affixes.contains { $0.sides.contains(.after) }
        var firsts = Set<UInt32>()
        for key in keys {
            guard let first = String(decoding: key, as: UTF8.self).unicodeScalars.first else { continue }
            firsts.insert(first.value)
            for variant in [first.properties.uppercaseMapping, first.properties.titlecaseMapping]
            where variant.unicodeScalars.count == 1 {
                firsts.insert(variant.unicodeScalars.first!.value)
            }
        }
        var ascii: (UInt64, UInt64) = (0, 0)
        for scalar in firsts where scalar < 128 {
            if scalar < 64 { ascii.0 |= 1 << UInt64(scalar) } else { ascii.1 |= 1 << UInt64(scalar - 64) }
        }
        firstASCII = ascii
        firstOthers = firsts.filter { $0 >= 128 }.sorted()
    }

    /// The affix around the number in ICU's compact output for `value`, and the power of ten it
    /// stands for (`1,5 Mio.` for 1500000: "Mio.", 6, after).
    private static func affix(
        in text: String, value: ExactDecimal, decimalSymbols: Set<UInt32>, removing currencyTexts: [[UInt32]]
    ) -> (text: String, exponent: Int, side: MarkerSide)? {
        let scalars = text.unicodeScalars.map(\.value)
        guard let first = scalars.firstIndex(where: { DigitSystems.digit($0) != nil }),
              let last = scalars.lastIndex(where: { DigitSystems.digit($0) != nil }) else { return nil }
        // The number as shown: its digits, and how many follow the decimal symbol.
        var significand: UInt128 = 0
        var fractionDigits = 0
        var afterDecimal = false
        for scalar in scalars[first...last] {
            if let digit = DigitSystems.digit(scalar) {
                significand = significand * 10 + UInt128(digit.value)
                if afterDecimal { fractionDigits += 1 }
            } else if decimalSymbols.contains(scalar) {
                afterDecimal = true
            }
        }
        let shown = ExactDecimal(significand: significand, scale: fractionDigits, isNegative: false)
        guard let exponent = value.powerOfTen(over: shown) else { return nil }
        /// The affix text without the currency's texts, normalized as a marker key.
        func cleaned(_ part: ArraySlice<UInt32>) -> [UInt8] {
            var rest = Array(part)
            for currency in currencyTexts {
                var index = 0
                while index + currency.count <= rest.count {
                    if rest[index..<(index + currency.count)].elementsEqual(currency) {
                        rest.removeSubrange(index..<(index + currency.count))
                    } else {
                        index += 1
                    }
                }
            }
            var utf8: [UInt8] = []
            for scalar in rest { Characters.forEachUTF8Byte(of: scalar) { utf8.append($0) } }
            return utf8.withUnsafeBufferPointer { MarkerKey.bytes(ofUTF8: $0, folded: false) }
        }
        let cleanBefore = cleaned(scalars[..<first])
        let cleanAfter = cleaned(scalars[(last + 1)...])
        if !cleanAfter.isEmpty, cleanBefore.isEmpty {
            return (String(decoding: cleanAfter, as: UTF8.self), exponent, .after)
        }
        if !cleanBefore.isEmpty, cleanAfter.isEmpty {
            return (String(decoding: cleanBefore, as: UTF8.self), exponent, .before)
        }
        return nil
    }
}
