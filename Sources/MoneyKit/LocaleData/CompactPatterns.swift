
/// A locale's compact-number patterns (`0K`, `¤0K`, `0 Mio'.' ¤`, `0 thousand`) by power of
/// ten and plural form, read from ICU's data exactly as ICU's compact formatter reads them
/// (`CompactData::populate` in ICU's number_compact.cpp): the locale's numbering system, else
/// Latin digits; the long form, else the short form; along the bundle chain, the nearest
/// bundle's pattern for each power and plural form wins, and a pattern `0` means "no
/// compact form here: write the number in full" (and stops the chain for that entry).
///
/// Parsing reads its compact affixes from these patterns (Docs/ParsingRules.md §4b);
/// ``MoneyFormatter``'s compact notation writes with them.
struct CompactPatterns: Sendable, Equatable {
    enum Kind: Sendable, CaseIterable {
        /// `patternsShort/decimalFormat`: `0K`.
        case shortDecimal
        /// `patternsLong/decimalFormat`: `0 thousand`.
        case longDecimal
        /// `patternsShort/currencyFormat`: `¤0K` (ICU has no long currency form and uses this).
        case shortCurrency

        fileprivate var paths: [(long: Bool, leaf: String)] {
            switch self {
            case .shortDecimal: [(false, "decimalFormat")]
            case .longDecimal: [(true, "decimalFormat"), (false, "decimalFormat")]
            case .shortCurrency: [(false, "currencyFormat")]
            }
        }
    }

    /// One power of ten's entries.
    struct Magnitude: Sendable, Equatable {
        /// Plural keyword (`one`, `other`, ... and the explicit `0` and `1`) -> pattern; nil
        /// where ICU's data says `0` (write the number in full).
        var patterns: [String: String?] = [:]
        /// The power of ten the pattern's number is scaled by (`0K` at 1000: -3; `00K` at
        /// 10000: -3); 0 when the patterns have no zeros or say `0`.
        var multiplier = 0
    }

    /// Index: the power of ten (0...19); empty entries where the data has none.
    let magnitudes: [Magnitude]
    /// The largest power of ten with data (ICU uses its patterns for every larger number).
    let largestMagnitude: Int

    var isEmpty: Bool { largestMagnitude < 0 }

    /// The most powers of ten ICU reads (its `COMPACT_MAX_DIGITS`: ja and zh have 京, 10^16).
    static let maximumMagnitude = 20

    /// Where a locale's patterns of one kind come from: the bundle that defines the resource
    /// path ICU settles on and that path (`es_419|NumberElements/latn/patternsShort/currencyFormat`).
    /// Locales with the same source have the same patterns (the chain above the bundle is
    /// the bundle's), so patterns, and what is derived from them, are kept by source.
    /// Empty when no bundle defines any of the paths.
    static func source(locale: String, numberingSystem: String, kind: Kind) -> String {
        let systems = numberingSystem == "latn" ? ["latn"] : [numberingSystem, "latn"]
        // ICU's fallback order: each path in the locale's system, then in Latin digits; the
        // long form before the short one.
        for path in kind.paths {
            for system in systems {
                let resource = "NumberElements/\(system)/\(path.long ? "patternsLong" : "patternsShort")/\(path.leaf)"
                let owner = ICU.resourceOwner(locale: locale, path: resource)
                if !owner.isEmpty { return owner + "|" + resource }
            }
        }
        return ""
    }

    private static let cache = DerivedCache<String, CompactPatterns>()

    /// The patterns of one kind for a locale whose default numbering system is
    /// `numberingSystem`, read from ICU once per ``source(locale:numberingSystem:kind:)``.
    static func forLocale(_ locale: String, numberingSystem: String, kind: Kind) -> CompactPatterns {
        forSource(source(locale: locale, numberingSystem: numberingSystem, kind: kind))
    }

    /// The patterns of a source (see ``source(locale:numberingSystem:kind:)``).
    static func forSource(_ source: String) -> CompactPatterns {
        cache.value(for: source) {
            let parts = source.split(separator: "|", maxSplits: 1)
            return parts.count == 2
                ? CompactPatterns(records: ICU.compactPatternRecords(locale: String(parts[0]), path: String(parts[1])))
                : CompactPatterns(records: [])
        }
    }

    /// Merges records read nearest bundle first: the first pattern of a power and form wins.
    init(records: [(power: String, keyword: String, pattern: String)]) {
        var magnitudes = Array(repeating: Magnitude(), count: CompactPatterns.maximumMagnitude)
        var largest = -1
        for record in records {
            let magnitude = record.power.utf8.count - 1
            guard magnitude >= 0, magnitude < CompactPatterns.maximumMagnitude,
                  magnitudes[magnitude].patterns[record.keyword] == nil else { continue }
            let pattern: String? = record.pattern == "0" ? nil : record.pattern
            magnitudes[magnitude].patterns[record.keyword] = .some(pattern)
            if magnitudes[magnitude].multiplier == 0, let pattern {
                let zeros = CompactPatterns.zeroCount(pattern)
                // No zeros (a word alone, like Somali `Kun`): no multiplier, as in ICU.
                if zeros > 0 { magnitudes[magnitude].multiplier = zeros - magnitude - 1 }
            }
            largest = max(largest, magnitude)
        }
        self.magnitudes = magnitudes
        self.largestMagnitude = largest
    }

    /// The pattern's digits: its first run of zeros, counted as ICU counts them
    /// (`countZeros`: `elfu 00;elfu -00` has two).
    static func zeroCount(_ pattern: String) -> Int {
        var zeros = 0
        for byte in pattern.utf8 {
            if byte == UInt8(ascii: "0") { zeros += 1 } else if zeros > 0 { break }
        }
        return zeros
    }

    /// The power of ten a number of this magnitude is scaled by (ICU's `getMultiplier`).
    func multiplier(forMagnitude magnitude: Int) -> Int {
        guard magnitude >= 0, largestMagnitude >= 0 else { return 0 }
        return magnitudes[min(magnitude, largestMagnitude)].multiplier
    }

    /// The pattern for a number of this magnitude whose scaled value takes `keyword` (ICU's
    /// `getPattern`): an exact `0` or `1` entry for those integers first, the plural form,
    /// then `other`; nil when there is none or the data says to write the number in full.
    func pattern(forMagnitude magnitude: Int, keyword: String, integerValue: Int?) -> String? {
        guard magnitude >= 0, largestMagnitude >= 0 else { return nil }
        let entries = magnitudes[min(magnitude, largestMagnitude)].patterns
        if let integerValue, integerValue == 0 || integerValue == 1, let exact = entries[String(integerValue)] {
            return exact
        }
        if let pattern = entries[keyword] { return pattern }
        return entries["other"] ?? nil
    }

    /// Every pattern with the power of ten it stands for (`0K` at 1000 -> 3, `00K` at 10000
    /// -> 3), for reading compact amounts.
    var allPatterns: [(pattern: String, exponent: Int)] {
        var result: [(String, Int)] = []
        for (magnitude, entry) in magnitudes.enumerated() {
            for key in entry.patterns.keys.sorted() {
                guard let pattern = entry.patterns[key] ?? nil else { continue }
                let zeros = CompactPatterns.zeroCount(pattern)
                guard zeros > 0 else { continue }
                result.append((pattern, magnitude + 1 - zeros))
            }
        }
        return result
    }
}
