/// Where a currency marker stands relative to the number.
enum MarkerSide: Sendable, Equatable {
    case before
    case after
}

/// Digit group sizes: the group nearest the decimal separator has `primary` digits, the
/// ones further left `secondary` (3 and 3 in most locales, 3 and 2 in en_IN).
struct GroupingScheme: Sendable, Hashable {
    let primary: Int
    let secondary: Int

    /// Plain groups of three, accepted in every locale in lenient mode (SPEC 4).
    static let thousands = GroupingScheme(primary: 3, secondary: 3)
}

/// The kinds of separator a number can contain, after section 3's equivalences.
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

    var bit: UInt8 { 1 << rawValue }

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
    /// `,` and `.` in lenient mode: SPEC 4's inference decides.
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
    /// Where symbols and ISO codes go in the currency pattern.
    let symbolSide: MarkerSide
    /// Where currency names go in the plural-name pattern (`1.00 US dollars`).
    let nameSide: MarkerSide
    /// The locale's grouping schemes: the currency pattern's, then the number pattern's.
    let groupingSchemes: [GroupingScheme]
    /// Decimal and grouping symbols outside the universal classes (rare: `$` in pt_CV).
    let localeDecimalScalars: [UInt32]
    let localeGroupingScalars: [UInt32]
    /// Strict mode (SPEC 9): the classes of the locale's decimal and grouping symbols,
    /// monetary first; a number symbol joins only when it does not clash with a monetary one.
    let strictDecimalClasses: UInt8
    let strictGroupingClasses: UInt8

    init(locale: String) {
        let currency = try? ICU.NumberFormatSnapshot(locale: locale, style: .currency)
        let decimal = try? ICU.NumberFormatSnapshot(locale: locale, style: .decimal)
        let plural = try? ICU.NumberFormatSnapshot(locale: locale, style: .currencyPlural)
        func symbol(_ which: ICU.NumberSymbol) -> String { currency?.symbols[which] ?? "" }
        decimalSymbol = symbol(.decimal)
        groupingSymbol = symbol(.grouping)
        monetaryDecimalSymbol = symbol(.monetaryDecimal)
        monetaryGroupingSymbol = symbol(.monetaryGrouping)
        minusSign = symbol(.minus)
        plusSign = symbol(.plus)
        let system = ICU.numberingSystem(ofLocale: locale)
        numberingSystem = system.name
        nativeDigits = system.digits.count == 10 ? system.digits : []
        currencyPattern = currency?.pattern ?? "¤#,##0.00"
        symbolSide = NumberConventions.markerSide(inPattern: currencyPattern) ?? .before
        nameSide = plural.flatMap { NumberConventions.markerSide(inPattern: $0.pattern) } ?? .after

        var schemes: [GroupingScheme] = []
        for snapshot in [currency, decimal].compactMap({ $0 }) {
            let primary = snapshot.attributes[.groupingSize] ?? 0
            let secondary = snapshot.attributes[.secondaryGroupingSize] ?? 0
            guard primary > 0 else { continue }
            let scheme = GroupingScheme(primary: primary, secondary: secondary > 0 ? secondary : primary)
            if !schemes.contains(scheme) { schemes.append(scheme) }
        }
        groupingSchemes = schemes.isEmpty ? [.thousands] : schemes

        // Classify the four separator symbols.
        var localeDecimal: [UInt32] = []
        var localeGrouping: [UInt32] = []
        func separatorClass(_ text: String, decimal: Bool) -> SeparatorClass? {
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
        let monetaryDecimal = separatorClass(monetaryDecimalSymbol, decimal: true)
        let monetaryGrouping = separatorClass(monetaryGroupingSymbol, decimal: false)
        let numberDecimal = separatorClass(decimalSymbol, decimal: true)
        let numberGrouping = separatorClass(groupingSymbol, decimal: false)
        var decimalMask = monetaryDecimal?.bit ?? 0
        var groupingMask = monetaryGrouping?.bit ?? 0
        if let numberDecimal, numberDecimal != monetaryGrouping { decimalMask |= numberDecimal.bit }
        if let numberGrouping, numberGrouping != monetaryDecimal { groupingMask |= numberGrouping.bit }
        localeDecimalScalars = localeDecimal
        localeGroupingScalars = localeGrouping
        strictDecimalClasses = decimalMask
        strictGroupingClasses = groupingMask & ~decimalMask
    }

    /// What a separator class may be in this locale and mode.
    @inline(__always)
    func role(of separator: SeparatorClass, strict: Bool) -> SeparatorRole? {
        if strict {
            if strictDecimalClasses & separator.bit != 0 { return .decimal }
            if strictGroupingClasses & separator.bit != 0 { return .grouping }
            return nil
        }
        switch separator {
        case .comma, .period: return .either
        case .apostrophe, .space, .arabicGrouping, .localeGrouping: return .grouping
        case .arabicDecimal, .localeDecimal: return .decimal
        }
    }

    /// The side of `¤` relative to the digits in a pattern's positive subpattern.
    static func markerSide(inPattern pattern: String) -> MarkerSide? {
        var quoted = false
        for scalar in pattern.unicodeScalars {
            switch scalar {
            case "'": quoted.toggle()
            case _ where quoted: continue
            case ";": return nil
            case "¤": return .before
            case "#", "0"..."9", "@": return .after
            default: continue
            }
        }
        return nil
    }
}
