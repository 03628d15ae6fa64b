import CMoneyKitICU

/// Which locale identifiers ICU knows, and the nearest known one to an identifier it does
/// not (Docs/ParsingRules.md §1): `en_UK` is no locale (the United Kingdom's code is GB),
/// and reading it as English without a region would turn `$20` into US dollars where
/// `en_GB` refuses to guess.
///
/// An identifier is known when, after ICU's canonical form (`en-GB` is `en_GB`), it is one of
/// ICU's available locales, or its language is one ICU has data for, its script one of those
/// ICU's locales use and its region an ISO 3166 code or one of the regions ICU's locales name
/// (`es_419`): `fr_US` is known, `en_UK`, `xx`, `klingon` and `ger_DE` are not. Keywords
/// (`@currency=EUR`) and variants (`POSIX`) do not matter. The root locale (`root`, `und`,
/// the empty identifier) is known: ICU's neutral conventions, no region, no default currency.
struct KnownLocales: Sendable {
    private let available: Set<String>
    private let languages: Set<String>
    private let scripts: Set<String>
    private let regions: Set<String>

    static let shared = KnownLocales(available: ICU.availableLocales)

    init(available identifiers: [String]) {
        available = Set(identifiers)
        var languages = Set<String>(), scripts = Set<String>(), regions = Set<String>()
        // Split as bytes: the identifiers are ASCII, and splitting them as Characters (grapheme
        // breaking) made this table cost the process's first use 4.6 M instructions, not 3.0 M.
        for identifier in identifiers {
            let parts = identifier.utf8.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
            languages.insert(String(Substring(parts[0])))
            for part in parts.dropFirst() {
                if KnownLocales.isScript(part) {
                    scripts.insert(String(Substring(part)))
                } else if KnownLocales.isRegion(part) {
                    regions.insert(String(Substring(part)))
                }
            }
        }
        (self.languages, self.scripts, self.regions) = (languages, scripts, regions)
    }

    /// A script subtag: four letters, the first upper case (`Latn`).
    private static func isScript<Bytes: Collection<UInt8>>(_ part: Bytes) -> Bool {
        part.count == 4 && part.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } && part.first! < 0x61
    }

    /// A region subtag: two upper-case letters or three digits (`GB`, `419`).
    private static func isRegion<Bytes: Collection<UInt8>>(_ part: Bytes) -> Bool {
        (part.count == 2 && part.allSatisfy { $0 >= 0x41 && $0 <= 0x5A })
            || (part.count == 3 && part.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
    }

    /// Nil when ICU knows the identifier; else the nearest known identifier, if any.
    enum Verdict: Equatable {
        case known
        case unknown(nearest: String?)
    }

    /// Whether ICU knows `requested` (as a caller wrote it), and what to suggest if not;
    /// `canonical` is ``ICU/canonicalLocale(_:)`` of it, which the caller has at hand.
    func verdict(on requested: String, canonical: String) -> Verdict {
        guard ICU.isUsableLocaleIdentifier(requested) else { return .unknown(nearest: nil) }
        if isKnown(canonical) { return .known }
        // CLDR's aliases: `en_UK` -> `en_GB`, `ger_DE` -> `de_DE`, `iw` -> `he`.
        if let aliased = ICU.aliasCanonicalLocale(canonical), aliased != canonical, isKnown(aliased) {
            return .unknown(nearest: aliased)
        }
        // A known language with an unknown script or region: the language where it is most
        // likely spoken (`fr_XY` -> `fr_FR`).
        let language = String(canonical.prefix { $0 != "_" && $0 != "@" })
        guard languages.contains(language) else { return .unknown(nearest: nil) }
        let likely = ICU.likelyLocale(language)
        let region = likely.split(separator: "_").map(String.init).last { KnownLocales.isRegion($0.utf8) }
        if let region, available.contains("\(language)_\(region)") { return .unknown(nearest: "\(language)_\(region)") }
        return .unknown(nearest: language)
    }

    /// Whether a canonical identifier names a locale ICU has data for (see the type's comment).
    func isKnown(_ canonical: String) -> Bool {
        let base = String(canonical.prefix { $0 != "@" })
        if base.isEmpty || base == "root" || available.contains(base) { return true }
        let parts = base.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard languages.contains(parts[0]) else { return false }
        var index = 1
        if index < parts.count, parts[index].utf8.count == 4 {
            guard scripts.contains(parts[index]) else { return false }
            index += 1
        }
        if index < parts.count, !parts[index].isEmpty {
            guard regions.contains(parts[index]) || ICU.isISORegion(parts[index]) else { return false }
        }
        return true
    }
}
