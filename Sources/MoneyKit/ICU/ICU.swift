import CMoneyKitICU

/// The Swift face of the C bridge to system ICU.
///
/// Every ICU fact MoneyKit uses passes through here, as Swift values: no C type leaves this
/// file's namespace, and nothing on the parse hot path calls it (locale data is read once and
/// cached by ``LocaleProfile`` and ``CurrencyCatalog``).
enum ICU {
    /// An ICU failure, with ICU's numeric error code.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let operation: String
        var description: String { "ICU \(operation) failed with error \(code)" }
    }

    // MARK: Buffers

    /// Runs a C function that fills a UTF-16 buffer, growing the buffer once if ICU asks.
    /// Returns nil when the call failed.
    static func utf16String(
        capacity: Int = 64,
        _ body: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) -> (text: String, status: Int32)? {
        var capacity = capacity
        while true {
            var status: Int32 = 0
            var result: (String, Int32)?
            var needed: Int32 = 0
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
                needed = body(buffer.baseAddress!, Int32(capacity), &status)
                if status <= 0, needed <= capacity {
                    result = (string(utf16: UnsafeBufferPointer(rebasing: buffer[0..<Int(needed)])), status)
                }
            }
            if let result { return result }
            guard needed > capacity, status <= 0 || status == MKICU_BUFFER_OVERFLOW else { return nil }
            capacity = Int(needed) + 1
        }
    }

    /// ICU's UTF-16 as a string (a lone surrogate becomes U+FFFD), transcoded here:
    /// `String(decoding:as: UTF16.self)` takes the standard library's generic slow path on
    /// Linux, which was a third of `fxparse`'s start-up (reading every bundle's symbols).
    static func string(utf16 units: UnsafeBufferPointer<UInt16>) -> String {
        guard !units.isEmpty else { return "" }
        // At most three UTF-8 bytes per UTF-16 unit (a surrogate pair: four for two).
        return String(unsafeUninitializedCapacity: units.count * 3) { output in
            var written = 0
            func put(_ byte: UInt32) {
                output[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            var index = 0
            while index < units.count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar < 0x80 {
                    put(scalar)
                    continue
                }
                if scalar & 0xF800 == 0xD800 {
                    if scalar < 0xDC00, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                if scalar < 0x800 {
                    put(0xC0 | scalar >> 6)
                } else if scalar < 0x10000 {
                    put(0xE0 | scalar >> 12)
                    put(0x80 | scalar >> 6 & 0x3F)
                } else {
                    put(0xF0 | scalar >> 18)
                    put(0x80 | scalar >> 12 & 0x3F)
                    put(0x80 | scalar >> 6 & 0x3F)
                }
                put(0x80 | scalar & 0x3F)
            }
            return written
        }
    }

    /// Runs a C function that fills an ASCII `char` buffer.
    static func asciiString(
        capacity: Int = 160,
        _ body: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) -> String? {
        var capacity = capacity
        while true {
            var status: Int32 = 0
            var needed: Int32 = 0
            var result: String?
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                needed = body(buffer.baseAddress!, Int32(capacity), &status)
                if status <= 0, needed < capacity {
                    let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(needed))
                    result = String(decoding: bytes, as: UTF8.self)
                }
            }
            if let result { return result }
            guard needed >= capacity else { return nil }
            capacity = Int(needed) + 1
        }
    }

    /// The ICU library's version (`72.1`).
    static var version: String {
        asciiString { buffer, capacity, _ in mkicu_version(buffer, capacity) } ?? ""
    }

    // MARK: Locales

    /// Every locale ICU lists as available for formatting.
    static var availableLocales: [String] {
        (0..<mkicu_available_locale_count()).compactMap { index in
            asciiString { buffer, capacity, _ in mkicu_available_locale(index, buffer, capacity) }
        }
    }

    /// The canonical ICU identifier of a locale identifier or BCP 47 tag.
    static func canonicalLocale(_ identifier: String) -> String {
        guard isUsableLocaleIdentifier(identifier) else { return "root" }
        let canonical = asciiString { buffer, capacity, status in
            mkicu_canonical_locale(identifier, buffer, capacity, status)
        } ?? identifier
        return isUsableLocaleIdentifier(canonical) ? canonical : "root"
    }

    /// The identifier with CLDR's aliases replaced (`en_UK` -> `en_GB`); nil if ICU fails.
    static func aliasCanonicalLocale(_ identifier: String) -> String? {
        asciiString { buffer, capacity, status in mkicu_alias_canonical_locale(identifier, buffer, capacity, status) }
    }

    /// The most likely full identifier of a language or locale (`fr` -> `fr_Latn_FR`).
    static func likelyLocale(_ identifier: String) -> String {
        asciiString { buffer, capacity, status in mkicu_likely_locale(identifier, buffer, capacity, status) } ?? identifier
    }

    /// Whether ICU lists a region code among ISO 3166's (`GB` yes, `UK` no).
    static func isISORegion(_ region: String) -> Bool { mkicu_is_iso_region(region) != 0 }

    /// Longest locale identifier handed to ICU. ICU 72 copies identifiers into fixed
    /// 157-byte buffers in places (PluralRules' resource lookup) and aborts the process
    /// (glibc's buffer-overflow check) on longer ones; real identifiers, keywords
    /// included, are far shorter.
    static let maximumLocaleIdentifierLength = 100

    /// Whether an identifier may be given to ICU: at most ``maximumLocaleIdentifierLength``
    /// bytes of ASCII letters, digits and `_ - @ = ; . +` (the syntax of ICU and BCP 47
    /// identifiers with keywords). Anything else is read as the root locale.
    static func isUsableLocaleIdentifier(_ identifier: String) -> Bool {
        identifier.utf8.count <= maximumLocaleIdentifierLength && identifier.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "="), UInt8(ascii: ";"),
                 UInt8(ascii: "."), UInt8(ascii: "+"):
                true
            default:
                false
            }
        }
    }

    /// The region subtag of a locale, empty when it has none.
    static func region(ofLocale locale: String) -> String {
        asciiString(capacity: 16) { buffer, capacity, status in
            mkicu_locale_region(locale, buffer, capacity, status)
        } ?? ""
    }

    // MARK: Currencies

    /// Every ISO 4217 code ICU knows, current and historic.
    static func currencyCodes() throws(Failure) -> [String] {
        var status: Int32 = 0
        let count = mkicu_currency_codes(nil, 0, &status)
        var codes: [String] = []
        var failure: Int32 = 0
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(count) * 3) { buffer in
            var status: Int32 = 0
            let written = mkicu_currency_codes(buffer.baseAddress!, Int32(buffer.count), &status)
            guard status <= 0 else { failure = status; return }
            codes.reserveCapacity(Int(written))
            let bytes = UnsafeRawBufferPointer(buffer)
            for index in 0..<Int(written) {
                codes.append(String(decoding: bytes[(index * 3)..<(index * 3 + 3)], as: UTF8.self))
            }
        }
        if failure > 0 { throw Failure(code: failure, operation: "ucurr_openISOCurrencies") }
        return codes
    }

    /// A currency's digits and rounding, standard and cash, as ICU's currency metadata gives them.
    struct CurrencyMeta: Equatable {
        /// Fraction digits (`ucurr_getDefaultFractionDigitsForUsage`, standard use).
        let fractionDigits: Int
        /// Rounding increment in minor units, 0 when there is none.
        let roundingIncrement: Int
        /// Fraction digits for cash.
        let cashFractionDigits: Int
        /// Cash rounding increment in minor units (5 for CHF: coins go to 0.05), 0 when there is none.
        let cashRoundingIncrement: Int
    }

    /// The metadata of every code (three ASCII letters each), read from ICU's data at once:
    /// ICU's per-currency functions open the data again on every call, which cost the
    /// process's first use 6.4 M instructions over the catalog's 306 currencies, six calls each.
    /// A test checks every code against those functions
    /// (``fractionDigits(ofCurrency:cash:)``, ``roundingIncrement(ofCurrency:cash:)``).
    static func currencyMeta(ofCodes codes: [String]) -> [CurrencyMeta] {
        var packed: [CChar] = []
        packed.reserveCapacity(codes.count * 3)
        for code in codes {
            precondition(code.utf8.count == 3, "a currency code is three ASCII letters")
            packed.append(contentsOf: code.utf8.map { CChar(bitPattern: $0) })
        }
        var values = [Int32](repeating: 0, count: codes.count * 4)
        var status: Int32 = 0
        // Failing data leaves ICU's last-resort values (2 digits, no rounding) in every slot.
        mkicu_currency_meta(packed, Int32(codes.count), &values, &status)
        return codes.indices.map { index in
            CurrencyMeta(fractionDigits: Int(values[index * 4]), roundingIncrement: Int(values[index * 4 + 1]),
                         cashFractionDigits: Int(values[index * 4 + 2]), cashRoundingIncrement: Int(values[index * 4 + 3]))
        }
    }

    /// Fraction digits of a currency for standard or cash use, by ICU's per-currency API.
    static func fractionDigits(ofCurrency code: String, cash: Bool) -> Int {
        var status: Int32 = 0
        let digits = mkicu_currency_fraction_digits(code, cash ? 1 : 0, &status)
        return status > 0 ? 2 : Int(digits)
    }

    /// Rounding increment in minor units for standard or cash use, 0 when there is none, by
    /// ICU's per-currency API.
    static func roundingIncrement(ofCurrency code: String, cash: Bool) -> Int {
        var status: Int32 = 0
        let units = mkicu_currency_rounding_increment(code, cash ? 1 : 0, &status)
        return status > 0 ? 0 : Int(units)
    }

    /// Every region and currency that is legal tender there at a date (milliseconds since
    /// 1970), by ICU's currency map: (`US`, `USD`), (`EC`, `USD`), (`CH`, `CHF`)...
    /// `initialCapacity` is the records a first pass makes room for (a test makes it small):
    /// the map is read once when they fit (each pass costs 1.5 M instructions).
    static func currentCurrencyRegions(atMilliseconds date: Double,
                                       initialCapacity: Int = 1_024) -> [(region: String, code: String)] {
        // Five ASCII bytes a record: the region's two letters, the code's three.
        guard let text = asciiString(capacity: initialCapacity * 5, { buffer, capacity, status in
            mkicu_current_currency_regions(date, buffer, capacity, status) * 5
        }) else { return [] }
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count - bytes.count % 5, by: 5).map { record in
            (String(decoding: bytes[record..<(record + 2)], as: UTF8.self),
             String(decoding: bytes[(record + 2)..<(record + 5)], as: UTF8.self))
        }
    }

    /// The default currency of the locale's region, or nil when it has none.
    static func defaultCurrency(ofLocale locale: String) -> String? {
        let code = asciiString(capacity: 8) { buffer, capacity, status in
            mkicu_currency_for_locale(locale, buffer, capacity, status)
        }
        guard let code, code.utf8.count == 3 else { return nil }
        return code
    }

    /// Names of every bundle in ICU's currency data, root first (read once).
    static let currencyBundleNames: [String] = {
        guard let joined = asciiString(capacity: 8192, { buffer, capacity, status in
            mkicu_currency_bundle_names(buffer, capacity, status)
        }) else { return ["root"] }
        return joined.split(separator: "\0").map(String.init)
    }()

    /// A symbol defined directly in one currency-data bundle.
    struct BundleSymbol {
        enum Kind: UInt16 {
            case symbol = 0x73  // "s"
            case narrow = 0x6E  // "n"
            case variant = 0x76  // "v"
            case formal = 0x66  // "f"
            /// Not a symbol: the currency has its own format in this bundle; the "symbol"
            /// holds pattern, decimal and grouping symbol separated by tabs.
            case ownFormat = 0x70  // "p"
        }

        let code: String
        let kind: Kind
        let symbol: String

        /// The record of a line `CODE` kind symbol (UTF-8; the code and the kind are ASCII).
        init(kind: Kind, line: UnsafeBufferPointer<UInt8>) {
            self.code = String(decoding: UnsafeBufferPointer(rebasing: line[0..<3]), as: UTF8.self)
            self.kind = kind
            self.symbol = String(decoding: UnsafeBufferPointer(rebasing: line[4...]), as: UTF8.self)
        }
    }

    /// The currency symbols one bundle defines itself (standard, narrow, variant, formal).
    static func currencySymbols(definedInBundle bundle: String) -> [BundleSymbol] {
        bundleRecords(bundle, symbols: true, ownFormats: false)
    }

    /// The own formats one bundle defines itself (records of kind ``BundleSymbol/Kind/ownFormat``),
    /// read without the bundle's symbols: reading English's 99 bundles for them cost 2.7 M
    /// instructions with the symbols, 1.7 M without.
    static func currencyOwnFormats(definedInBundle bundle: String) -> [BundleSymbol] {
        bundleRecords(bundle, symbols: false, ownFormats: true)
    }

    /// A bundle's symbol records, own-format records or both, in the bundle's order.
    static func bundleRecords(_ bundle: String, symbols: Bool, ownFormats: Bool) -> [BundleSymbol] {
        let records = (symbols ? MKICU_SYMBOL_RECORDS : 0) | (ownFormats ? MKICU_FORMAT_RECORDS : 0)
        guard let (found, _) = utf16String(capacity: 16_384, { buffer, capacity, status in
            mkicu_currency_bundle_symbols(bundle, records, buffer, capacity, status)
        }) else { return [] }
        return symbolRecords(in: found)
    }

    /// The currency symbols (not own formats) that every currency-data bundle defines, each
    /// record once, where ICU first gives it (bundles in ``currencyBundleNames`` order).
    /// Most bundles repeat records of others (a code as its own symbol, `US$`): of ICU 72's
    /// 42,071 symbol records in 508 bundles, 1,090 are distinct, and the global marker tables
    /// gain nothing from a record twice. The C shim keeps the distinct ones: read bundle by
    /// bundle into strings here, and kept in a set, the records cost the global tables'
    /// build about 21 M instructions besides the C shim's 47 M (callgrind).
    static func distinctCurrencySymbolsOfEveryBundle() -> [BundleSymbol] {
        guard let (found, _) = utf16String(capacity: 32_768, { buffer, capacity, status in
            mkicu_distinct_currency_symbols(buffer, capacity, status)
        }) else { return [] }
        return symbolRecords(in: found)
    }

    /// The records of `text`, one per line: `CODE`, the kind, the symbol (the code and the
    /// kind are ASCII).
    private static func symbolRecords(in text: String) -> [BundleSymbol] {
        var symbols: [BundleSymbol] = []
        var text = text
        // A byte loop: splitting the string's UTF-8 view cost a tenth of building the global
        // marker tables, which read every bundle.
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                guard end - start > 4, let kind = BundleSymbol.Kind(rawValue: UInt16(bytes[start + 3])) else { continue }
                symbols.append(BundleSymbol(kind: kind, line: UnsafeBufferPointer(rebasing: bytes[start..<end])))
            }
        }
        return symbols
    }

    /// The currency-data bundle a locale opens to (aliases resolved, missing levels skipped).
    static func currencyDataBundle(ofLocale locale: String) -> String {
        asciiString { buffer, capacity, status in mkicu_currency_data_bundle(locale, buffer, capacity, status) } ?? "root"
    }

    /// The bundle of ICU's main data tree whose data a locale uses for a resource path,
    /// empty when none defines it.
    static func resourceOwner(locale: String, path: String) -> String {
        asciiString { buffer, capacity, status in mkicu_resource_owner(locale, path, buffer, capacity, status) } ?? ""
    }

    /// The string at a resource path of ICU's main data tree for a locale (ICU's fallback
    /// through parent bundles), nil when no bundle has it.
    static func resourceString(locale: String, path: String) -> String? {
        guard let (text, status) = utf16String({ buffer, capacity, status in
            mkicu_resource_string(locale, path, buffer, capacity, status)
        }), status == 0 else { return nil }
        return text
    }

    /// The compact-number patterns at a resource path along a locale's fallback chain,
    /// nearest bundle first: (power-of-ten key such as `1000`, plural keyword, pattern).
    /// Empty when no bundle defines the path.
    static func compactPatternRecords(locale: String, path: String) -> [(power: String, keyword: String, pattern: String)] {
        guard let (text, _) = utf16String(capacity: 4096, { buffer, capacity, status in
            mkicu_compact_patterns(locale, path, buffer, capacity, status)
        }) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return (String(fields[0]), String(fields[1]), String(fields[2]))
        }
    }

    /// Where a currency-data bundle inherits from.
    enum BundleParent: Sendable, Equatable {
        /// No explicit parent: the bundle name without its last subtag (root after a language).
        case truncation
        /// `%%ParentIsRoot`.
        case root
        /// `%%Parent`.
        case named(String)
    }

    /// One display string a currency-data bundle defines itself, as UTF-8 valid for the call.
    struct BundleDisplayName {
        enum Kind {
            /// The standard symbol (first string of a `Currencies` entry).
            case symbol
            /// The long name (second string of a `Currencies` entry).
            case longName
            case narrowSymbol
            /// A plural form of the long name (`CurrencyPlurals`), for ``keyword``.
            case pluralName
        }

        let kind: Kind
        /// The ISO code's three ASCII letters.
        let code: UnsafeBufferPointer<UInt8>
        /// The plural keyword (`one`, `other`), empty for the other kinds.
        let keyword: UnsafeBufferPointer<UInt8>
        let text: UnsafeBufferPointer<UInt8>
    }

    /// Reads the display strings a currency-data bundle defines itself, passing each to
    /// `body` in the bundle's order, and returns where the bundle inherits from.
    static func currencyDisplayNames(definedInBundle bundle: String, _ body: (BundleDisplayName) -> Void) -> BundleParent {
        bundleDisplayNames(bundle, parentOnly: false, body)
    }

    /// Where a currency-data bundle inherits from (the bundle opened, none of its names read).
    static func currencyBundleParent(_ bundle: String) -> BundleParent {
        bundleDisplayNames(bundle, parentOnly: true) { _ in }
    }

    private static func bundleDisplayNames(
        _ bundle: String, parentOnly: Bool, _ body: (BundleDisplayName) -> Void
    ) -> BundleParent {
        var parent = BundleParent.truncation
        var capacity = parentOnly ? 256 : 131_072
        while true {
            var status: Int32 = 0
            var needed: Int32 = 0
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                needed = buffer.withMemoryRebound(to: CChar.self) {
                    mkicu_currency_bundle_display_names(bundle, parentOnly ? 1 : 0, $0.baseAddress!, Int32(capacity), &status)
                }
                guard status <= 0, needed <= capacity else { return }
                let bytes = UnsafeBufferPointer(buffer)
                var start = 0
                for index in 0..<Int(needed) where bytes[index] == 0x0A {
                    readDisplayNameRecord(UnsafeBufferPointer(rebasing: bytes[start..<index]), parent: &parent, body)
                    start = index + 1
                }
            }
            guard status == MKICU_BUFFER_OVERFLOW, needed > capacity else { return parent }
            capacity = Int(needed) + 1
        }
    }

    /// Reads one UTF-8 record of `mkicu_currency_bundle_display_names` (without its LF):
    /// a kind letter, then the parent's name, or the ISO code and the text (plural names:
    /// keyword TAB text).
    private static func readDisplayNameRecord(
        _ record: UnsafeBufferPointer<UInt8>, parent: inout BundleParent, _ body: (BundleDisplayName) -> Void
    ) {
        guard let kind = record.first else { return }
        func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: record[range]) }
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        switch kind {
        case UInt8(ascii: "R"):
            parent = .root
        case UInt8(ascii: "P"):
            parent = .named(String(decoding: slice(1..<record.count), as: UTF8.self))
        case _ where record.count < 4:
            break
        case UInt8(ascii: "s"):
            body(BundleDisplayName(kind: .symbol, code: slice(1..<4), keyword: none, text: slice(4..<record.count)))
        case UInt8(ascii: "l"):
            body(BundleDisplayName(kind: .longName, code: slice(1..<4), keyword: none, text: slice(4..<record.count)))
        case UInt8(ascii: "n"):
            body(BundleDisplayName(kind: .narrowSymbol, code: slice(1..<4), keyword: none, text: slice(4..<record.count)))
        case UInt8(ascii: "p"):
            guard let tab = record[4...].firstIndex(of: 0x09) else { return }
            body(BundleDisplayName(kind: .pluralName, code: slice(1..<4), keyword: slice(4..<tab),
                                   text: slice((tab + 1)..<record.count)))
        default:
            break
        }
    }

    /// Which of a currency's display strings to read.
    enum CurrencyNameKind: Int32 {
        case symbol = 0
        case longName = 1
        case narrowSymbol = 2
    }

    /// A currency's display string in a locale, or nil when ICU has none (ICU then answers
    /// with the ISO code itself). ICU's warning status is not used to tell: whether it says
    /// "fallback" or "default" depends on the state of its bundle cache.
    static func currencyName(_ code: String, locale: String, kind: CurrencyNameKind) -> String? {
        guard let (text, _) = utf16String({ buffer, capacity, status in
            mkicu_currency_name(locale, code, kind.rawValue, buffer, capacity, status)
        }) else { return nil }
        return text.isEmpty || text == code ? nil : text
    }

    /// A currency's plural display name for a plural keyword, or nil when ICU has none.
    static func currencyPluralName(_ code: String, locale: String, keyword: String) -> String? {
        guard let (text, _) = utf16String({ buffer, capacity, status in
            mkicu_currency_plural_name(locale, code, keyword, buffer, capacity, status)
        }) else { return nil }
        return text.isEmpty || text == code ? nil : text
    }

    /// The keywords of a locale's cardinal plural rules (`one`, `other`, ...).
    static func pluralKeywords(ofLocale locale: String) -> [String] {
        guard let joined = asciiString({ buffer, capacity, status in
            mkicu_plural_keywords(locale, buffer, capacity, status)
        }) else { return ["other"] }
        return joined.split(separator: "\0").map(String.init)
    }

    // MARK: Number formats

    /// ICU classic number-format styles we read symbols and patterns from.
    enum NumberStyle: Int32 {
        case decimal = 0
        case currency = 1
        case currencyAccounting = 2
    }

    /// Number symbols.
    enum NumberSymbol: Int32 {
        case decimal = 0
        case grouping = 1
        case monetaryDecimal = 2
        case monetaryGrouping = 3
        case minus = 4
        case plus = 5
    }

    /// Integer attributes of a number format.
    enum NumberAttribute: Int32 {
        case groupingSize = 0
        case secondaryGroupingSize = 1
    }

    /// A snapshot of one ICU classic number format of a locale: its symbols, attributes
    /// and pattern, read eagerly so no handle outlives the call.
    struct NumberFormatSnapshot {
        let symbols: [NumberSymbol: String]
        let attributes: [NumberAttribute: Int]
        let pattern: String

        init(locale: String, style: NumberStyle) throws(Failure) {
            var status: Int32 = 0
            guard let handle = mkicu_numfmt_open(locale, style.rawValue, &status), status <= 0 else {
                throw Failure(code: status, operation: "unum_open(\(locale))")
            }
            defer { mkicu_numfmt_close(handle) }
            var symbols: [NumberSymbol: String] = [:]
            for symbol in [NumberSymbol.decimal, .grouping, .monetaryDecimal, .monetaryGrouping, .minus, .plus] {
                symbols[symbol] = ICU.utf16String(capacity: 16) { buffer, capacity, status in
                    mkicu_numfmt_symbol(handle, symbol.rawValue, buffer, capacity, status)
                }?.text ?? ""
            }
            var attributes: [NumberAttribute: Int] = [:]
            for attribute in [NumberAttribute.groupingSize, .secondaryGroupingSize] {
                attributes[attribute] = Int(mkicu_numfmt_attribute(handle, attribute.rawValue))
            }
            self.symbols = symbols
            self.attributes = attributes
            self.pattern = ICU.utf16String { buffer, capacity, status in
                mkicu_numfmt_pattern(handle, buffer, capacity, status)
            }?.text ?? ""
        }

        /// The format's pattern and grouping sizes.
        var numberPattern: NumberPattern {
            NumberPattern(pattern: pattern, groupingSize: attributes[.groupingSize] ?? 0,
                          secondaryGroupingSize: attributes[.secondaryGroupingSize] ?? 0)
        }
    }

    /// A classic number format's pattern and the grouping sizes it sets (0: none).
    struct NumberPattern: Equatable {
        let pattern: String
        let groupingSize: Int
        let secondaryGroupingSize: Int

        init(pattern: String, groupingSize: Int, secondaryGroupingSize: Int) {
            self.pattern = pattern
            self.groupingSize = groupingSize
            self.secondaryGroupingSize = secondaryGroupingSize
        }

        /// The decimal pattern of a locale whose numbering system is `system`, read from ICU's
        /// data without building a formatter (`unum_open` took 170 thousand instructions), with
        /// the grouping sizes ICU's pattern parser reads from it; nil when the data has none.
        /// It is the decimal formatter's pattern (a test checks it in every locale). The
        /// currency styles have no such reader: a currency formatter adapts its pattern to the
        /// locale's currency (fraction digits, a currency's own format).
        init?(decimalOf locale: String, system: String) {
            guard let pattern = ICU.utf16String({ buffer, capacity, status in
                mkicu_decimal_pattern(locale, system, buffer, capacity, status)
            })?.text else { return nil }
            self.pattern = pattern
            (groupingSize, secondaryGroupingSize) = NumberPattern.groupingSizes(of: pattern)
        }

        /// The grouping sizes of a pattern, as ICU's pattern parser sets them: the digits after
        /// the last comma of the positive subpattern's integer part (0 without a comma), and
        /// the digits between the last two commas (0 with fewer than two).
        static func groupingSizes(of pattern: String) -> (primary: Int, secondary: Int) {
            var groups = [0]  // digits per comma-separated group of the integer part
            var inQuote = false
            var started = false
            for character in pattern.unicodeScalars {
                if character == "'" {
                    inQuote.toggle()
                    continue
                }
                if inQuote { continue }
                switch character {
                case "#", "@", "0"..."9":
                    started = true
                    groups[groups.count - 1] += 1
                case ",":
                    started = true
                    groups.append(0)
                default:
                    // The decimal point, an exponent, a suffix or the negative subpattern ends
                    // the integer part.
                    if started { return sizes(groups) }
                }
            }
            return sizes(groups)
        }

        private static func sizes(_ groups: [Int]) -> (primary: Int, secondary: Int) {
            (groups.count >= 2 ? groups[groups.count - 1] : 0, groups.count >= 3 ? groups[groups.count - 2] : 0)
        }
    }

    /// The default numbering system of a locale: its name and, when it is not algorithmic,
    /// its ten digits.
    static func numberingSystem(ofLocale locale: String) -> (name: String, digits: [Unicode.Scalar]) {
        var name = ""
        let digits = utf16String(capacity: 32) { buffer, capacity, status in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { nameBuffer in
                let length = mkicu_numbering_digits(locale, buffer, capacity, nameBuffer.baseAddress!, 32, status)
                name = String(cString: nameBuffer.baseAddress!)
                return length
            }
        }?.text ?? ""
        return (name, Array(digits.unicodeScalars))
    }

    // MARK: Formatting data

    /// Splits `key TAB value LF` records. (On the UTF-8 bytes: splitting the string by
    /// characters, with grapheme breaking, was 4% of the instructions of fxparse's first
    /// 10,000 rows of a file in every ICU locale.)
    private static func records(_ text: String) -> [(key: String, value: String)] {
        text.utf8.split(separator: UInt8(ascii: "\n")).compactMap { line -> (key: String, value: String)? in
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2 else { return nil }
            return (String(decoding: fields[0], as: UTF8.self), String(decoding: fields[1], as: UTF8.self))
        }
    }

    /// A locale's currency unit patterns by plural keyword (`other` -> `{0} {1}`).
    static func currencyUnitPatterns(ofLocale locale: String) -> [String: String] {
        guard let (text, _) = utf16String(capacity: 256, { buffer, capacity, status in
            mkicu_currency_unit_patterns(locale, buffer, capacity, status)
        }) else { return [:] }
        return Dictionary(records(text), uniquingKeysWith: { first, _ in first })
    }

    /// ICU's currency spacing rule: for the side before the currency and the side after it,
    /// the set the currency's edge character must be in, the set the number's edge
    /// character must be in, and what to insert between them.
    struct CurrencySpacing: Sendable {
        let currencyMatch: String
        let surroundingMatch: String
        let insertBetween: String
    }

    static func currencySpacing() -> (before: CurrencySpacing, after: CurrencySpacing)? {
        guard let (text, _) = utf16String(capacity: 128, { buffer, capacity, status in
            mkicu_currency_spacing(buffer, capacity, status)
        }) else { return nil }
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 6 else { return nil }
        return (CurrencySpacing(currencyMatch: parts[0], surroundingMatch: parts[1], insertBetween: parts[2]),
                CurrencySpacing(currencyMatch: parts[3], surroundingMatch: parts[4], insertBetween: parts[5]))
    }

    /// A locale's cardinal plural rules in CLDR syntax, by keyword (no `other`: it is what
    /// remains).
    static func pluralRules(ofLocale locale: String) -> [(keyword: String, rule: String)] {
        guard let (text, _) = utf16String(capacity: 512, { buffer, capacity, status in
            mkicu_plural_rules(locale, buffer, capacity, status)
        }) else { return [] }
        return records(text).map { ($0.key, $0.value) }
    }

    /// Which code points a UnicodeSet pattern (`[[:^S:]&[:^Z:]]`) contains.
    static func setContains(pattern: String, _ codePoints: [UInt32]) -> [Bool] {
        guard !codePoints.isEmpty else { return [] }
        guard let set = UnicodeSet.compiled(pattern) else { return Array(repeating: false, count: codePoints.count) }
        var matches = [UInt8](repeating: 0, count: codePoints.count)
        codePoints.withUnsafeBufferPointer { points in
            matches.withUnsafeMutableBufferPointer { out in
                mkicu_set_contains(set.handle, points.baseAddress, Int32(points.count), out.baseAddress)
            }
        }
        return matches.map { $0 == 1 }
    }

    /// A compiled, frozen ICU UnicodeSet, kept for the life of the process per pattern (a
    /// pattern such as `[[:^S:]&[:^Z:]]` costs far more to compile than to query).
    final class UnicodeSet: @unchecked Sendable {
        fileprivate let handle: UnsafeMutableRawPointer

        private init(handle: UnsafeMutableRawPointer) {
            self.handle = handle
        }

        deinit {
            mkicu_set_close(handle)
        }

        /// Compiled sets by pattern (nil for a pattern ICU rejects).
        private static let cache = DerivedCache<String, UnicodeSet?>()

        /// The compiled set for a pattern, nil when ICU rejects the pattern.
        static func compiled(_ pattern: String) -> UnicodeSet? {
            cache.value(for: pattern) {
                let units = Array(pattern.utf16)
                var status: Int32 = 0
                return units.withUnsafeBufferPointer { mkicu_set_open($0.baseAddress, Int32($0.count), &status) }
                    .map(UnicodeSet.init(handle:))
            }
        }
    }

    // MARK: Characters

    /// The zero of every Unicode decimal-digit system, ascending.
    static func digitZeros() -> [UInt32] {
        let count = Int(mkicu_digit_zeros(nil, 0))
        return [UInt32](capacity: count) { buffer, initialized in
            initialized = Int(mkicu_digit_zeros(buffer.baseAddress, Int32(count)))
        }
    }

    /// The Unicode numeric value of a code point, when it is a whole number (10000 for 万);
    /// nil when it has none.
    static func numericValue(of scalar: UInt32) -> Int? {
        let value = mkicu_numeric_value(scalar)
        guard value >= 0, value < 1e15, value == value.rounded() else { return nil }
        return Int(value)
    }

    /// Each code point folded for matching words (Docs/ParsingRules.md §2): lower case, then
    /// canonical decomposition, then nonspacing marks removed, and a Latin letter with a
    /// stroke or hook made its base letter (`ł` is `l`) — `.scalar` for one code point left,
    /// `.removed` when nothing is (a mark), `.several` otherwise. With `nuktasOnly` (the
    /// Indic scripts) only the nukta is removed (`फ़` is `फ`); other code points stay as they are.
    static func foldedCodePoints(_ scalars: [UInt32], nuktasOnly: Bool = false) -> [FoldedCodePoint] {
        var folded = [UInt32](repeating: 0, count: scalars.count)
        var status: Int32 = 0
        mkicu_fold_code_points(scalars, Int32(scalars.count), nuktasOnly ? 1 : 0, &folded, &status)
        guard status <= 0 else { return scalars.map { .scalar($0) } }
        return folded.map { $0 == 0 ? .removed : $0 == 0xFFFF_FFFF ? .several : .scalar($0) }
    }

    /// What folding leaves of one code point.
    enum FoldedCodePoint: Equatable {
        case scalar(UInt32)
        case removed
        case several
    }

    /// Whether each code point is a nonspacing mark (general category Mn).
    static func nonspacingMarks(_ scalars: [UInt32]) -> [Bool] {
        var marks = [UInt8](repeating: 0, count: scalars.count)
        mkicu_nonspacing_marks(scalars, Int32(scalars.count), &marks)
        return marks.map { $0 != 0 }
    }

    /// ICU's word break iterator for one locale (with ICU's dictionaries for Chinese,
    /// Japanese, Thai and other scripts written without spaces), opened once to split many
    /// texts. Not thread-safe: whoever shares one guards it with a lock.
    final class WordBreaker: @unchecked Sendable {
        private let handle: UnsafeMutableRawPointer

        /// Opens the word break rules of a locale; nil when ICU fails to.
        init?(locale: String) {
            var status: Int32 = 0
            guard let opened = mkicu_word_breaker_open(locale, &status), status <= 0 else { return nil }
            handle = opened
        }

        deinit { mkicu_word_breaker_close(handle) }

        /// The text between consecutive word boundaries, spaces and punctuation included as
        /// their own pieces.
        func pieces(_ text: String) -> [String] {
            let units = Array(text.utf16)
            guard !units.isEmpty else { return [] }
            var boundaries = [Int32](repeating: 0, count: units.count + 1)
            var status: Int32 = 0
            let count = units.withUnsafeBufferPointer { buffer in
                mkicu_word_breaker_boundaries(handle, buffer.baseAddress, Int32(buffer.count), &boundaries,
                                              Int32(boundaries.count), &status)
            }
            guard status <= 0, count > 0 else { return [text] }
            var pieces: [String] = []
            var start = 0
            for boundary in boundaries.prefix(Int(count)) {
                let end = Int(boundary)
                guard end > start, end <= units.count else { continue }
                pieces.append(units[start..<end].withUnsafeBufferPointer { ICU.string(utf16: $0) })
                start = end
            }
            return pieces
        }
    }

    /// What a locale's "and" list pattern writes between two items (` and `, ` y `, `和`,
    /// ` و`), or nil when ICU has no list pattern for it.
    static func listAndJoiner(ofLocale locale: String) -> String? {
        utf16String { buffer, capacity, status in mkicu_list_and_joiner(locale, buffer, capacity, status) }?.text
    }

    /// ICU's rule-based spell-out format for one locale, opened once to spell many values.
    /// Not thread-safe (ICU's RBNF is not): use it from one thread, then let it go.
    final class SpellOut {
        private let handle: UnsafeMutableRawPointer

        /// Opens the spell-out rules of a locale; nil when ICU has none at all.
        init?(locale: String) {
            var status: Int32 = 0
            guard let opened = mkicu_spellout_open(locale, &status), status <= 0 else { return nil }
            handle = opened
        }

        deinit { mkicu_spellout_close(handle) }

        /// The locale whose rules are used (`es` for es_MX, `en` or `root` when the
        /// language has none of its own).
        var actualLocale: String {
            ICU.asciiString { buffer, capacity, status in mkicu_spellout_actual_locale(handle, buffer, capacity, status) } ?? ""
        }

        /// The public rule sets (`%spellout-cardinal`, `%spellout-cardinal-feminine`, ...).
        var ruleSets: [String] {
            let text = ICU.utf16String(capacity: 1024) { buffer, capacity, status in
                mkicu_spellout_rule_sets(handle, buffer, capacity, status)
            }?.text ?? ""
            return text.split(separator: ";").map(String.init)
        }

        /// A value spelled out with a rule set.
        func format(_ value: Int64, ruleSet: String) -> String? {
            ICU.utf16String(capacity: 128) { buffer, capacity, status in
                mkicu_spellout_format(handle, ruleSet, value, buffer, capacity, status)
            }?.text
        }
    }

    // MARK: Reference formatting

    /// ICU's spell-out of an integer with a rule set (`%spellout-cardinal`), the reference for
    /// reading CJK numerals.
    static func spellOut(_ value: Int64, locale: String, ruleSet: String) -> String? {
        utf16String(capacity: 128) { buffer, capacity, status in
            mkicu_spellout(locale, ruleSet, value, buffer, capacity, status)
        }?.text
    }

    /// An ICU NumberFormatter opened for a skeleton, used as the reference output that
    /// MoneyKit's own formatting and parsing are checked against. Not thread-safe.
    final class ReferenceFormatter {
        private let handle: UnsafeMutableRawPointer

        /// Opens a formatter for `skeleton` (e.g. `currency/EUR unit-width-iso-code`).
        init(locale: String, skeleton: String) throws(Failure) {
            var status: Int32 = 0
            let units = Array(skeleton.utf16)
            let opened = units.withUnsafeBufferPointer { buffer in
                mkicu_numberformatter_open(locale, buffer.baseAddress, Int32(buffer.count), &status)
            }
            guard let opened, status <= 0 else {
                throw Failure(code: status, operation: "unumf_openForSkeletonAndLocale(\(skeleton), \(locale))")
            }
            handle = opened
        }

        deinit { mkicu_numberformatter_close(handle) }

        /// Formats an exact decimal string such as `-1234.5`.
        func format(decimal: String) -> String? {
            ICU.utf16String { buffer, capacity, status in
                mkicu_numberformatter_format_decimal(handle, decimal, buffer, capacity, status)
            }?.text
        }
    }
}

