/// Where a currency marker stands relative to the number.
enum MarkerSide: Sendable, Equatable {
    case before
    case after
}

/// A set of marker sides.
struct MarkerSides: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let before = MarkerSides(rawValue: 1)
    static let after = MarkerSides(rawValue: 2)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ side: MarkerSide) { self = side == .before ? .before : .after }

    func contains(_ side: MarkerSide) -> Bool { contains(MarkerSides(side)) }
}

/// What strict mode (Docs/ParsingRules.md §6) accepts for one currency in one locale: the separator classes
/// of the format's decimal and grouping symbols, and the sides its symbol stands on.
struct StrictFormat: Sendable, Hashable {
    /// Classes allowed as decimal separator (bit per ``SeparatorClass``).
    var decimalClasses: UInt16
    /// Classes allowed as grouping separator.
    var groupingClasses: UInt16
    /// Where symbols and ISO codes may stand (currency and accounting patterns).
    var symbolSides: MarkerSides
}

/// How a number's separators may be read: lenient inference, or a strict format.
struct SeparatorRoles: Sendable {
    /// nil in lenient mode.
    let strict: StrictFormat?
    /// The classes of the locale's decimal symbols (bit per ``SeparatorClass``), whatever the
    /// mode: in lenient mode a lone `,` or `.` that is the locale's decimal symbol is read as
    /// decimal by right, not only because grouping cannot be (§3 rule 5).
    let localeDecimalClasses: UInt16

    /// What a separator class may be.
    @inline(__always)
    func role(of separator: SeparatorClass) -> SeparatorRole? {
        if let strict {
            if strict.decimalClasses & separator.bit != 0 { return .decimal }
            if strict.groupingClasses & separator.bit != 0 { return .grouping }
            return nil
        }
        switch separator {
        case .comma, .period: return .either
        case .apostrophe, .space, .arabicGrouping, .localeGrouping: return .grouping
        case .arabicDecimal, .localeDecimal, .colon: return .decimal
        }
    }
}

/// Digit group sizes: the group nearest the decimal separator has `primary` digits, the
/// ones further left `secondary` (3 and 3 in most locales, 3 and 2 in en_IN).
struct GroupingScheme: Sendable, Hashable {
    let primary: Int
    let secondary: Int

    /// Plain groups of three, accepted in every locale in lenient mode (§3).
    static let thousands = GroupingScheme(primary: 3, secondary: 3)
}

/// The kinds of separator a number can contain, after the equivalences of Docs/ParsingRules.md §2.
enum SeparatorClass: UInt8, Sendable {
    case comma
    case period
    case apostrophe
    case space
    /// U+066B, a decimal separator in every locale.
    case arabicDecimal
    /// U+066C, a grouping separator in every locale.
    case arabicGrouping
    /// A locale's own decimal symbol outside the classes above (`$` in pt_CV).
    case localeDecimal
    /// A locale's own grouping symbol outside the classes above (`⹁` in ff_Adlm).
    case localeGrouping
    /// A colon in Nordic price tags (`12:50 kr`, `25:-`), decimal only (§7).
    case colon

    var bit: UInt16 { 1 << UInt16(rawValue) }

    /// The class of a canonical scalar that separates digits in every locale, if any.
    @inline(__always)
    static func universal(_ canonical: UInt32) -> SeparatorClass? {
        switch canonical {
        case 0x2C: .comma
        case 0x2E: .period
        case 0x27: .apostrophe
        case 0x20: .space
        case 0x66B: .arabicDecimal
        case 0x66C: .arabicGrouping
        default: nil
        }
    }
}

/// What a separator may be, once the locale and mode are known.
enum SeparatorRole: Sendable, Equatable {
    case decimal
    case grouping
    /// `,` and `.` in lenient mode: §3's inference decides.
    case either
}

/// A locale's number conventions, read from ICU's currency and decimal formats.
struct NumberConventions: Sendable {
    /// ICU's symbols, as ICU gives them (bidi marks included).
    let decimalSymbol: String
    let groupingSymbol: String
    let monetaryDecimalSymbol: String
    let monetaryGroupingSymbol: String
    let minusSign: String
    let plusSign: String
    /// The default numbering system (`latn`, `arab`, `deva`...).
    let numberingSystem: String
    /// Its ten digits, or empty when it is algorithmic.
    let nativeDigits: [Unicode.Scalar]
    /// ICU's currency pattern (`#,##0.00 ¤`).
    let currencyPattern: String
    /// ICU's accounting currency pattern (`¤#,##0.00;(¤#,##0.00)`).
    let accountingPattern: String
    /// ICU's number pattern (`#,##0.###`).
    let decimalPattern: String
    /// Where ICU writes currency names (`1.00 US dollars`), learned from its output.
    let nameSides: MarkerSides
    /// The locale's grouping schemes: the currency pattern's, the number pattern's and the
    /// accounting pattern's.
    let groupingSchemes: [GroupingScheme]
    /// Decimal and grouping symbols outside the universal classes (rare: `$` in pt_CV).
    private(set) var localeDecimalScalars: [UInt32]
    private(set) var localeGroupingScalars: [UInt32]
    /// Strict mode for the locale's own format: its decimal and grouping symbols, monetary
    /// first (a number symbol joins only when it does not clash with a monetary one), and
    /// the sides of its currency and accounting patterns.
    let strictFormat: StrictFormat
    /// The separator classes that group exactly three digits before a compact multiplier or
    /// CJK unit (§4b): the locale's grouping symbols and, where the locale's decimal symbol is
    /// `,` or `.`, the other of the two (`12.500 milhões` in pt_PT is 12,500 million).
    let groupingBeforeMultiplier: UInt16
    /// Strict mode for currencies with their own format in this locale (EUR in en_150 and
    /// its children, TRY in tr, CVE in pt_CV); set by the profile (see ``ownFormats(_:)``).
    private(set) var currencyFormats: [UInt16: StrictFormat] = [:]
    /// The classes of the locale's number decimal and grouping symbols.
    private let numberDecimalClass: SeparatorClass?
    private let numberGroupingClass: SeparatorClass?

    /// The conventions of a locale, from ICU's data (read back from the table cache on disk
    /// when it is on, ``DerivedTableCache``: ICU's formatters are most of their cost).
    init(locale: String) {
        self.init(facts: DerivedTableCache.value(for: locale) { ICUFacts(locale: locale) })
    }

    /// What the conventions are derived from: ICU's formats and symbols for the locale.
    struct ICUFacts: StoredTable, Equatable {
        /// The currency style's symbols (decimal, grouping, monetary decimal and grouping,
        /// minus, plus, in ``currencySymbols``' order), pattern and grouping sizes.
        struct CurrencyStyle: Sendable, Equatable {
            let symbols: [String]
            let format: ICU.NumberPattern
        }

        /// The currency style, if ICU opens one.
        var currency: CurrencyStyle?
        var accounting: ICU.NumberPattern?
        var decimal: ICU.NumberPattern?
        var numberingSystem: String
        var nativeDigits: [Unicode.Scalar]
        var nameSides: MarkerSides

        /// The symbols of ``currency``, in order.
        static let currencySymbols: [ICU.NumberSymbol] = [.decimal, .grouping, .monetaryDecimal, .monetaryGrouping, .minus, .plus]

        init(locale: String) {
            // The currency styles from ICU's formatters, which adapt the patterns to the locale's
            // currency (its fraction digits, its own format); the decimal pattern read from ICU's
            // data as its formatter reads it (a formatter took 170 thousand instructions, a
            // twentieth of a profile's build).
            currency = (try? ICU.NumberFormatSnapshot(locale: locale, style: .currency)).map { snapshot in
                CurrencyStyle(symbols: Self.currencySymbols.map { snapshot.symbols[$0] ?? "" }, format: snapshot.numberPattern)
            }
            accounting = (try? ICU.NumberFormatSnapshot(locale: locale, style: .currencyAccounting))?.numberPattern
            let system = ICU.numberingSystem(ofLocale: locale)
            decimal = ICU.NumberPattern(decimalOf: locale, system: system.name)
                ?? (try? ICU.NumberFormatSnapshot(locale: locale, style: .decimal))?.numberPattern
            numberingSystem = system.name
            nativeDigits = system.digits.count == 10 ? system.digits : []
            nameSides = NumberConventions.nameSides(locale: locale)
        }

        static var storedKind: String { "numbers" }

        func encode(to writer: inout TableWriter) {
            func write(_ pattern: ICU.NumberPattern?) {
                writer.write(pattern != nil)
                guard let pattern else { return }
                writer.write(pattern.pattern)
                writer.write(pattern.groupingSize)
                writer.write(pattern.secondaryGroupingSize)
            }
            writer.write(currency != nil)
            if let currency {
                for symbol in currency.symbols { writer.write(symbol) }
                write(currency.format)
            }
            write(accounting)
            write(decimal)
            writer.write(numberingSystem)
            writer.write(nativeDigits.map(\.value))
            writer.write(nameSides.rawValue)
        }

        init(reading reader: inout TableReader) throws(TableReader.Invalid) {
            func readPattern() throws(TableReader.Invalid) -> ICU.NumberPattern? {
                guard try reader.readBool() else { return nil }
                return ICU.NumberPattern(pattern: try reader.readString(), groupingSize: try reader.readCount(below: 100),
                                         secondaryGroupingSize: try reader.readCount(below: 100))
            }
            if try reader.readBool() {
                var symbols: [String] = []
                for _ in Self.currencySymbols { symbols.append(try reader.readString()) }
                guard let format = try readPattern() else { throw TableReader.Invalid() }
                currency = CurrencyStyle(symbols: symbols, format: format)
            }
            accounting = try readPattern()
            decimal = try readPattern()
            numberingSystem = try reader.readString()
            var digits: [Unicode.Scalar] = []
            for value in try reader.readArray(of: UInt32.self) {
                guard let scalar = Unicode.Scalar(value) else { throw TableReader.Invalid() }
                digits.append(scalar)
            }
            guard digits.isEmpty || digits.count == 10 else { throw TableReader.Invalid() }
            nativeDigits = digits
            let sides = try reader.read(UInt8.self)
            guard sides & ~(MarkerSides.before.rawValue | MarkerSides.after.rawValue) == 0 else { throw TableReader.Invalid() }
            nameSides = MarkerSides(rawValue: sides)
        }
    }

    /// The conventions ICU's facts give.
    init(facts: ICUFacts) {
        let currency = facts.currency
        let accounting = facts.accounting
        let decimal = facts.decimal
        func symbol(_ which: ICU.NumberSymbol) -> String {
            ICUFacts.currencySymbols.firstIndex(of: which).flatMap { currency?.symbols[$0] } ?? ""
        }
        decimalSymbol = symbol(.decimal)
        groupingSymbol = symbol(.grouping)
        monetaryDecimalSymbol = symbol(.monetaryDecimal)
        monetaryGroupingSymbol = symbol(.monetaryGrouping)
        minusSign = symbol(.minus)
        plusSign = symbol(.plus)
        numberingSystem = facts.numberingSystem
        nativeDigits = facts.nativeDigits
        currencyPattern = currency?.format.pattern ?? "¤#,##0.00"
        accountingPattern = accounting?.pattern ?? currencyPattern
        decimalPattern = decimal?.pattern ?? "#,##0.###"
        nameSides = facts.nameSides

        var schemes: [GroupingScheme] = []
        for format in [currency?.format, decimal, accounting].compactMap({ $0 }) {
            let primary = format.groupingSize
            let secondary = format.secondaryGroupingSize
            guard primary > 0 else { continue }
            let scheme = GroupingScheme(primary: primary, secondary: secondary > 0 ? secondary : primary)
            if !schemes.contains(scheme) { schemes.append(scheme) }
        }
        groupingSchemes = schemes.isEmpty ? [.thousands] : schemes

        // Classify the four separator symbols.
        var classifier = SeparatorClassifier()
        let monetaryDecimal = classifier.classify(monetaryDecimalSymbol, decimal: true)
        let monetaryGrouping = classifier.classify(monetaryGroupingSymbol, decimal: false)
        let numberDecimal = classifier.classify(decimalSymbol, decimal: true)
        let numberGrouping = classifier.classify(groupingSymbol, decimal: false)
        var decimalMask = monetaryDecimal?.bit ?? 0
        var groupingMask = monetaryGrouping?.bit ?? 0
        if let numberDecimal, numberDecimal != monetaryGrouping { decimalMask |= numberDecimal.bit }
        if let numberGrouping, numberGrouping != monetaryDecimal { groupingMask |= numberGrouping.bit }
        var sides = MarkerSides()
        for side in NumberConventions.markerSides(inPattern: currencyPattern)
            + NumberConventions.markerSides(inPattern: accountingPattern) {
            sides.insert(MarkerSides(side))
        }
        strictFormat = StrictFormat(decimalClasses: decimalMask, groupingClasses: groupingMask & ~decimalMask,
                                    symbolSides: sides.isEmpty ? .before : sides)
        let commaAndPeriod = SeparatorClass.comma.bit | SeparatorClass.period.bit
        let otherOfCommaAndPeriod = decimalMask & commaAndPeriod != 0 ? commaAndPeriod & ~decimalMask : 0
        groupingBeforeMultiplier = (groupingMask & ~decimalMask) | otherOfCommaAndPeriod

        numberDecimalClass = numberDecimal
        numberGroupingClass = numberGrouping
        localeDecimalScalars = classifier.localeDecimal
        localeGroupingScalars = classifier.localeGrouping
    }

    /// Records the strict-mode facts of the currencies that have their own format in this
    /// locale: the side of the format's symbol, and its separators (the locale's number
    /// symbols still count when they do not clash with them).
    mutating func ownFormats(_ formats: [UInt16: FormattingConventions.OwnFormat]) {
        var classifier = SeparatorClassifier(localeDecimal: localeDecimalScalars, localeGrouping: localeGroupingScalars)
        for (currency, format) in formats {
            var sides = MarkerSides()
            for affixes in [format.pattern.positive, format.pattern.negative] {
                if let side = affixes.currencySide { sides.insert(MarkerSides(side)) }
            }
            var decimalMask = classifier.classify(format.decimalSymbol, decimal: true)?.bit ?? 0
            var groupingMask = classifier.classify(format.groupingSymbol, decimal: false)?.bit ?? 0
            if let numberDecimalClass, groupingMask & numberDecimalClass.bit == 0 { decimalMask |= numberDecimalClass.bit }
            if let numberGroupingClass, decimalMask & numberGroupingClass.bit == 0 { groupingMask |= numberGroupingClass.bit }
            currencyFormats[currency] = StrictFormat(decimalClasses: decimalMask, groupingClasses: groupingMask & ~decimalMask,
                                                     symbolSides: sides.isEmpty ? strictFormat.symbolSides : sides)
        }
        localeDecimalScalars = classifier.localeDecimal
        localeGroupingScalars = classifier.localeGrouping
    }

    /// Strict-mode facts for one currency. (This and ``separatorRoles(strict:currency:)`` are
    /// inlined into the parse, which then reads the fields it needs from the profile: called,
    /// they took a copy of these conventions, 218 bytes, at every parse.)
    @inline(__always)
    func strictFormat(for currency: UInt16) -> StrictFormat {
        currencyFormats[currency] ?? strictFormat
    }

    /// Separator roles for a mode and currency.
    @inline(__always)
    func separatorRoles(strict: Bool, currency: UInt16) -> SeparatorRoles {
        SeparatorRoles(strict: strict ? strictFormat(for: currency) : nil, localeDecimalClasses: strictFormat(for: currency).decimalClasses)
    }

    /// Name sides by what they depend on: the currency-data bundle (names and unit patterns)
    /// and the language (plural forms). Regional locales that share both share the answer.
    private static let nameSidesCache = DerivedCache<String, MarkerSides>()

    /// Where a currency name stands in ICU's output for the locale (probed once per
    /// currency-data bundle and language, see ``probeNameSides(locale:)``).
    private static func nameSides(locale: String) -> MarkerSides {
        let key = ICU.currencyDataBundle(ofLocale: locale) + "|" + locale.prefix { $0 != "_" }
        return nameSidesCache.value(for: key) { probeNameSides(locale: locale) }
    }

    /// Where ICU puts currency names, from its full-name output for a singular and a plural
    /// amount of USD: the side of the digits on which the name stands. (The plural-name
    /// pattern that `unum_toPattern` reports is not what ICU uses in every locale, e.g.
    /// es_GT; and in some locales ICU 72 also writes the symbol, e.g. `-$1.234,50 ABD
    /// doları` in tr, so the name itself is looked for.)
    private static func probeNameSides(locale: String) -> MarkerSides {
        var sides = MarkerSides()
        guard let formatter = try? ICU.ReferenceFormatter(locale: locale, skeleton: "currency/USD unit-width-full-name")
        else { return .after }
        let bundleNames = CurrencyNames.forLocale(locale)
        guard let usd = CurrencyCatalog.shared.index(ofCode: "USD".utf8).map(Int.init) else { return .after }
        var names = ICU.pluralKeywords(ofLocale: locale).compactMap { bundleNames.displayPluralName(usd, keyword: $0) }
        names += [bundleNames.displayName(usd), "USD"].compactMap { $0 }
        let nameScalars = names.map { $0.unicodeScalars.map(\.value) }
        for value in ["1", "1234.5"] {
            guard let text = formatter.format(decimal: value) else { continue }
            let scalars = text.unicodeScalars.map(\.value)
            guard let firstDigit = scalars.firstIndex(where: { DigitSystems.digit($0) != nil }) else { continue }
            /// Where `name` first occurs in the output, if it does.
            func position(of name: [UInt32]) -> Int? {
                guard !name.isEmpty, name.count <= scalars.count else { return nil }
                return (0...(scalars.count - name.count)).first { scalars[$0..<($0 + name.count)].elementsEqual(name) }
            }
            // The longest name that occurs.
            let found = nameScalars.compactMap { name in position(of: name).map { (name.count, $0) } }.max { $0.0 < $1.0 }
            guard let found else { continue }
            sides.insert(found.1 < firstDigit ? .before : .after)
        }
        return sides.isEmpty ? .after : sides
    }

    /// The side of the currency in a pattern's positive and negative subpatterns.
    static func markerSides(inPattern pattern: String) -> [MarkerSide] {
        let parsed = NumberPattern(pattern)
        return [parsed.positive.currencySide, parsed.negative.currencySide].compactMap { $0 }
    }
}

/// Sorts separator symbols into classes, collecting the locale-only ones.
struct SeparatorClassifier {
    var localeDecimal: [UInt32] = []
    var localeGrouping: [UInt32] = []

    /// The class of a one-character separator symbol (bidi marks ignored), nil otherwise.
    mutating func classify(_ text: String, decimal: Bool) -> SeparatorClass? {
        let scalars = text.unicodeScalars.map(\.value).filter { !Characters.isIgnorable($0) }
        guard scalars.count == 1 else { return nil }
        let canonical = Characters.canonical(scalars[0])
        if let universal = SeparatorClass.universal(canonical) { return universal }
        if decimal {
            if !localeDecimal.contains(canonical) { localeDecimal.append(canonical) }
            return .localeDecimal
        }
        if !localeGrouping.contains(canonical) { localeGrouping.append(canonical) }
        return .localeGrouping
    }
}
