import Foundation

/// Parses money as people type it into an exact ``Money``.
///
/// The parser reads amounts in any ICU locale's conventions and in the habits people bring
/// from elsewhere: grouping and decimal separators of either kind (`1.234,56` and
/// `1,234.56`), symbols, ISO codes and currency names before or after the number, native
/// digits, signs and accounting parentheses, and the everyday forms people write: unit words
/// (`5 dollars`, `100 рублей`), local abbreviations (`KSh 1,500`), minor units (`99p`,
/// `5 zł 50 gr`), price tags (`12:50 kr`, `Rs. 500/-`, `35€99`) and region qualifiers
/// (`$100 US`). It returns the exact amount and currency, or a ``MoneyParseError`` saying
/// what is wrong and where; it never guesses.
///
/// ```swift
/// let swiss = MoneyParser(locale: Locale(identifier: "de_CH"))
/// try swiss.parse("CHF 1'234.50")      // 1234.5 CHF
/// try MoneyParser.parse("1 234,56 €", locale: Locale(identifier: "fr_FR"))   // 1234.56 EUR
/// try MoneyParser.parse("1.234", locale: Locale(identifier: "en_US"))        // 1234 USD
/// try MoneyParser.parse("5 dollars", locale: Locale(identifier: "en_GB"))    // 5 USD
/// ```
///
/// A parser is a small value holding a reference to the locale's cached data; create one
/// per locale and currency field and reuse it. Parsing never calls ICU and does not
/// allocate for short inputs. The behaviour is specified in the project's docs
/// (`Docs/ParsingRules.md`).
public struct MoneyParser: Sendable {
    /// How the parser reads separators, markers and surplus decimals.
    public struct Options: Sendable, Hashable, Codable {
        /// Separator inference and marker placement.
        public enum Mode: String, Sendable, Hashable, Codable {
            /// Accepts `,` and `.` either way (inferring which is decimal), apostrophes and
            /// spaces as grouping, and a marker on either side (the default).
            case lenient
            /// Accepts only the locale's own decimal and grouping symbols and grouping sizes,
            /// and the marker on the side of the locale's currency pattern. Everything ICU
            /// formats for the locale parses in strict mode.
            case strict
        }

        /// What to do with non-zero fraction digits beyond the currency's minor units.
        public enum ExcessFractionDigits: Sendable, Hashable, Codable {
            /// Fail with ``MoneyParseError/Kind/tooManyFractionDigits`` (the default).
            case reject
            /// Round to the currency's minor units by a rule (`.toNearestOrEven` is banker's
            /// rounding), through the same routine as ``Money/rounded(to:rule:)``.
            case round(FloatingPointRoundingRule)
            /// Keep every digit.
            case keep
        }

        /// Lenient (default) or strict.
        public var mode: Mode
        /// Reject (default), round or keep surplus fraction digits.
        public var excessFractionDigits: ExcessFractionDigits

        /// Creates options.
        ///
        /// - Parameters:
        ///   - mode: Lenient (default) or strict separator and marker rules.
        ///   - excessFractionDigits: What to do with fraction digits the currency does not have.
        public init(mode: Mode = .lenient, excessFractionDigits: ExcessFractionDigits = .reject) {
            self.mode = mode
            self.excessFractionDigits = excessFractionDigits
        }

        /// Strict mode, rejecting surplus fraction digits.
        public static let strict = Options(mode: .strict)
    }

    /// Inputs longer than this many UTF-8 bytes are rejected before any scanning.
    public static let maximumInputLength = 1024

    /// The identifiers of every locale ICU has data for (`de_CH`, `zh_Hant_TW`, ...): the
    /// locales whose conventions a parser reads as ICU defines them.
    public static var availableLocaleIdentifiers: [String] { ICU.availableLocales }

    /// The locale whose conventions the parser reads.
    public let locale: Locale
    /// The currency the field is denominated in, if known: it resolves ambiguous markers
    /// and amounts without one, and a different explicit currency is an error.
    public let currency: Currency?
    /// Parsing options.
    public let options: Options

    let profile: LocaleProfile
    /// The locale's common shape when parses try it first: in lenient mode, with no hint or
    /// the locale's own currency as the hint (the shape knows no other currency). Unmanaged:
    /// the profile keeps it alive, and reading it through the profile cost a retain and a
    /// release on every parse.
    private let commonShape: Unmanaged<CommonShape>?

    /// Creates a parser for a locale, loading (once per process) the locale's data from ICU.
    ///
    /// A locale ICU does not know (`en_UK`, `xx`; see ``validate(_:)``) makes every parse
    /// throw ``MoneyParseError/Kind/unknownLocale(nearest:)``, naming the nearest known
    /// identifier when there is one: never a reading with some other locale's conventions.
    ///
    /// - Parameters:
    ///   - locale: Whose separators, digits, symbols and names to read.
    ///   - currency: The currency of the field, if known.
    ///   - options: Lenient or strict mode, and surplus-decimal handling.
    public init(locale: Locale, currency: Currency? = nil, options: Options = .init()) {
        self.init(locale: locale, profile: LocaleProfile.profile(for: locale.identifier), currency: currency, options: options)
    }

    /// A parser over a given profile of the locale (tests: a profile no other parse has
    /// warmed).
    init(locale: Locale, profile: LocaleProfile, currency: Currency? = nil, options: Options = .init()) {
        self.locale = locale
        self.currency = currency
        self.options = options
        self.profile = profile
        let shape = profile.commonShape
        let triesShape = shape != nil && options.mode == .lenient && (currency == nil || currency == shape?.currency)
        self.commonShape = triesShape ? shape.map { Unmanaged.passUnretained($0) } : nil
    }

    /// Checks that ICU knows a locale, as a parser for it needs: for identifiers from
    /// settings, files or command lines, before parsing with them.
    ///
    /// ```swift
    /// try MoneyParser.validate(Locale(identifier: "en-GB"))   // fine: en_GB
    /// try MoneyParser.validate(Locale(identifier: "en_UK"))   // throws: did you mean en_GB?
    /// ```
    ///
    /// Known means: one of ICU's locales after ICU's canonical form, or a language ICU has
    /// data for with a valid script and region (`fr_US`); see Docs/ParsingRules.md §1.
    ///
    /// - Parameter locale: The locale to check.
    /// - Throws: ``MoneyParseError`` of kind ``MoneyParseError/Kind/unknownLocale(nearest:)``.
    public static func validate(_ locale: Locale) throws(MoneyParseError) {
        if let unknownLocale = LocaleProfile.profile(for: locale.identifier).unknownLocale { throw unknownLocale }
    }

    /// Parses a typed or pasted amount.
    ///
    /// - Parameter text: The text as typed (spaces, bidi marks and all).
    /// - Returns: The exact amount and its currency.
    /// - Throws: ``MoneyParseError`` with the kind of problem and its UTF-8 offset.
    ///
    /// ```swift
    /// try MoneyParser(locale: Locale(identifier: "de_DE")).parse("-1.234,50 €")   // -1234.5 EUR
    /// ```
    public func parse(_ text: String) throws(MoneyParseError) -> Money {
        try parse(text, route: .commonShapeFirst)
    }

    /// Parses an amount given as UTF-8 bytes that are known to be valid (a CSV reader that
    /// has checked its records): the same result as ``parse(_:)`` on the same text, without
    /// building a `String` per row. For this package's batch tools; public callers pass text.
    package func parse(validUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(MoneyParseError) -> Money {
        try parse(bytes: bytes).get()
    }

    /// Parses a typed or pasted amount in a locale.
    ///
    /// - Parameters:
    ///   - text: The text as typed.
    ///   - locale: Whose conventions to read.
    ///   - currency: The currency of the field, if known.
    ///   - options: Lenient (default) or strict mode, and surplus-decimal handling.
    /// - Returns: The exact amount and its currency.
    /// - Throws: ``MoneyParseError``.
    ///
    /// ```swift
    /// try MoneyParser.parse("CHF 1'234.50", locale: Locale(identifier: "de_CH"))   // 1234.5 CHF
    /// ```
    public static func parse(
        _ text: String, locale: Locale, currency: Currency? = nil, options: Options = .init()
    ) throws(MoneyParseError) -> Money {
        try MoneyParser(locale: locale, currency: currency, options: options).parse(text)
    }

    /// Which way a parse goes: the common shape first (every public parse), or the general
    /// machine alone (for the tests and the fuzz target that prove the two read alike).
    package enum Route: Sendable {
        case commonShapeFirst
        case generalOnly
    }

    /// Parses text by a route: ``parse(_:)`` is `parse(text, route: .commonShapeFirst)`.
    package func parse(_ text: String, route: Route) throws(MoneyParseError) -> Money {
        try Self.withUTF8(of: text) { parse(bytes: $0, route: route) }.get()
    }

    /// Runs `body` over the text's contiguous UTF-8 (native strings already are; others are
    /// made so first).
    private static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// What the common shape alone reads of the text: nil when the shape declines it, or when
    /// this parser does not try the shape (strict mode, another currency as the hint).
    package func commonShapeReading(_ text: String) -> Money? {
        guard let commonShape, profile.unknownLocale == nil else { return nil }
        return Self.withUTF8(of: text) { bytes in commonShape._withUnsafeGuaranteedRef { $0.read(bytes) } }
    }

    /// The pipeline: the length limit, the common shape, then the general machine: structure
    /// (state machine over tokens), currency, separators, amount.
    private func parse(bytes: UnsafeBufferPointer<UInt8>, route: Route = .commonShapeFirst) -> Result<Money, MoneyParseError> {
        if let unknownLocale = profile.unknownLocale { return .failure(unknownLocale) }
        guard bytes.count <= MoneyParser.maximumInputLength else {
            // The first character that does not fit: the one holding byte `maximumInputLength`.
            let offset = Characters.startOfScalar(endingAt: MoneyParser.maximumInputLength + 1, notBefore: 0, in: bytes)
            return .failure(MoneyParseError(.tooLong, offset: offset))
        }
        if route == .commonShapeFirst, let commonShape, let money = commonShape._withUnsafeGuaranteedRef({ $0.read(bytes) }) {
            return .success(money)
        }
        // Lenient mode reads numbers written in words (Docs/ParsingRules.md §8) in a second
        // reading, only after the first failed: a digit amount never pays for words, and
        // every input the first reading accepts reads exactly as it would without them.
        // The first reading can only succeed with a digit or numeral in the input (an
        // amount's value comes from nothing else); without one, the reading in words goes
        // first and the other is made only for its error when words fail: the same results,
        // and a number in words skips a reading that cannot succeed (callgrind: 15,780 ->
        // 11,269 instructions per parse in words; Docs/ParsingRules.md §8, "When").
        let lenient = options.mode == .lenient
        let wordsFirst = lenient && Self.mayReadWordsFirst(bytes)
        // Both readings run the one inlined copy of the general machine in this loop: two
        // call sites made two copies (this function was 15 KB), and a parse in words, which
        // runs both, missed the instruction cache on the second (callgrind: 57 misses per
        // parse here alone).
        var readsNumberWords = wordsFirst
        var earlierError: MoneyParseError?
        while true {
            let reading = generalParse(bytes, readsNumberWords: readsNumberWords)
            guard case .failure(let error) = reading else { return reading }
            if let earlierError {
                // The error of the reading that went further, the first reading's on a tie:
                // an unknown word inside a number (`twelve thousand blah dollars`) is reported
                // where it stands.
                let (wordsError, digitsError) = readsNumberWords ? (error, earlierError) : (earlierError, error)
                return .failure((wordsError.offset ?? -1) > (digitsError.offset ?? -1) ? wordsError : digitsError)
            }
            if wordsFirst {
                readsNumberWords = false
            } else {
                guard lenient, Self.mayHoldNumberWords(bytes) else { return reading }
                readsNumberWords = true
            }
            earlierError = error
        }
    }

    /// Whether the reading in words goes first: input that begins with a letter of a spaced
    /// script (as a number in words does, in every language whose words the parser reads
    /// apart from the CJK numerals it reads as digits), may hold number words, and holds no
    /// digit or numeral. Every digit amount that reaches the general machine asks, so the
    /// cheap refusals come first: one that ends with an ASCII digit (`USD 12.50`) or begins
    /// with anything but a letter (`1 234,56 €`, `€12`, `١٢٣ ر.س`, `一千円`). Without them,
    /// scanning every such amount for a digit cost the digit path 55 instructions per
    /// parse (callgrind, phase-costs.sh). Another input keeps the usual order, with the same
    /// result. (Inlined: its refusals are the digit path's only cost of the order.)
    @inline(__always)
    private static func mayReadWordsFirst(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, last &- 0x30 >= 10 else { return false }
        if first < 0x80 {
            guard Characters.isASCIILetter(first) else { return false }
        } else {
            let scalar = Characters.decode(bytes, at: 0).scalar
            guard scalar < 0xE00, Characters.isWordLetter(scalar) else { return false }
        }
        return !hasDigitOrNumeral(bytes) && mayHoldNumberWords(bytes)
    }

    /// Whether the input has a digit of any system or a CJK or Korean numeral: the characters
    /// the lexer reads numbers from outside words (``Lexer``: digit runs and numeral tokens).
    /// ASCII bytes are read without decoding.
    private static func hasDigitOrNumeral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte &- 0x30 < 10 { return true }
                index += 1
                continue
            }
            let (scalar, length) = Characters.decode(bytes, at: index)
            if DigitSystems.digit(scalar) != nil || Numerals.kind(scalar) != nil { return true }
            index += length
        }
        return false
    }

    /// The general machine over the input: structure (state machine over tokens), currency,
    /// separators, amount. Inlined: out of line, its result cost the first reading 80
    /// instructions per parse (callgrind, Benchmarks/phase-costs.sh).
    @inline(__always)
    private func generalParse(_ bytes: UnsafeBufferPointer<UInt8>, readsNumberWords: Bool) -> Result<Money, MoneyParseError> {
        do throws(MoneyParseError) {
            return .success(try readStructure(bytes, readsNumberWords: readsNumberWords) { structure, resolution throws(MoneyParseError) in
                try money(of: &structure, resolution: resolution, bytes: bytes)
            })
        } catch {
            return .failure(error.naming(bytes))
        }
    }

    /// The general machine's structure of the input (state machine over tokens, multipliers
    /// settled), handed to `body` with the currency resolution where the machine left it: it
    /// is large, and inlined here it is never copied.
    @inline(__always)
    private func readStructure<Reading>(
        _ bytes: UnsafeBufferPointer<UInt8>, readsNumberWords: Bool,
        _ body: (inout AmountStructure, CurrencyResolution) throws(MoneyParseError) -> Reading
    ) throws(MoneyParseError) -> Reading {
        // The locale's compact affixes and marker tables, built on its first general parse
        // that needs them; read once here.
        let (compact, markers) = profile.generalTables(for: bytes)
        let resolution = CurrencyResolution(profile: profile, markers: markers, hint: currency,
                                            strict: options.mode == .strict, bytes: bytes)
        let lexer = Lexer(bytes: bytes, profile: profile, markers: markers, compact: compact, hint: currency,
                          readsNumberWords: readsNumberWords)
        var machine = StateMachine(lexer: lexer, resolution: resolution)
        try machine.run()
        try resolution.settleMultipliers(&machine.result, bytes: bytes)
        return try body(&machine.result, resolution)
    }

    /// What the general machine reads of a span of free text, with what the extractor needs
    /// besides the money (Docs/Extraction.md; ``TextReading``). The same machine and result
    /// as ``parse(_:)`` gives for the same bytes (the common shape reads alike): in digits,
    /// or with `readsNumberWords`, as its second reading, in words (the extractor knows which
    /// its span begins with); not on the parse hot path, whose result holds the money alone.
    func textReading(_ bytes: UnsafeBufferPointer<UInt8>, readsNumberWords: Bool = false) -> TextReading {
        guard profile.unknownLocale == nil, bytes.count <= MoneyParser.maximumInputLength else { return .failed(at: nil) }
        do throws(MoneyParseError) {
            return try readStructure(bytes, readsNumberWords: readsNumberWords) { structure, resolution throws(MoneyParseError) in
                TextReading(money: try money(of: &structure, resolution: resolution, bytes: bytes), structure: &structure, bytes: bytes)
            }
        } catch {
            return .failed(at: error.offset)
        }
    }

    /// Whether a currency marker the general machine reads (a symbol, code, name or unit
    /// word) begins `bytes`: the extractor's test of a word before a number in words, which
    /// counts only as such a marker (`Rupees five thousand`), before it pays for a reading.
    func beginsWithMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard profile.unknownLocale == nil, bytes.count <= MoneyParser.maximumInputLength else { return false }
        return Lexer(bytes: bytes, profile: profile, hint: currency).markerEnd(from: 0) != nil
    }

    /// Whether the input has a letter that is not ASCII or two ASCII letters in a row (no
    /// number word is shorter: `un`, `en`): the only inputs a second reading in words could
    /// change.
    private static func mayHoldNumberWords(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                let (scalar, length) = Characters.decode(bytes, at: index)
                if Self.mayBeNumberWordLetter(scalar) { return true }
                index += length
                run = 0
                continue
            }
            if Characters.isASCIILetter(byte) {
                run += 1
                if run >= 2 { return true }
            } else {
                run = 0
            }
            index += 1
        }
        return false
    }

    /// Whether a scalar above ASCII may be a letter of a number word: cheap tables first (a
    /// failed amount full of symbols or marks must not pay a Unicode property lookup per
    /// character: the adversarial inputs of RELIABILITY.md), the properties for the rest.
    @inline(__always)
    private static func mayBeNumberWordLetter(_ scalar: UInt32) -> Bool {
        if Characters.isIgnorable(scalar) { return false }
        if scalar < 0xE00 { return Characters.isWordLetter(scalar) }
        // General punctuation, currency signs, arrows, mathematical and other symbols.
        if scalar >= 0x2000 && scalar < 0x2C00 { return false }
        return Characters.isLetterOrMark(scalar)
    }

    /// Whether the text is read only by the second reading, in words (Docs/ParsingRules.md
    /// §8): the first fails and the second succeeds. For the tests that hold digit amounts to
    /// their promises (no allocation, the common shape's equality).
    package func readsOnlyInWords(_ text: String) -> Bool {
        Self.withUTF8(of: text) { bytes in
            guard case .failure = generalParse(bytes, readsNumberWords: false) else { return false }
            guard case .success = generalParse(bytes, readsNumberWords: true) else { return false }
            return true
        }
    }

    /// The money a structure stands for: its currency, then its separators and amount.
    /// (`inout` only so that the number's separator records are read in place: see
    /// ``NumberScan``.)
    private func money(
        of structure: inout AmountStructure, resolution: CurrencyResolution, bytes: UnsafeBufferPointer<UInt8>
    ) throws(MoneyParseError) -> Money {
        let currency = try resolution.currency(of: &structure)
        // A Japanese receipt's trailing minus after a yen amount means "exactly" (Docs/ParsingRules.md §4b).
        let receipt = structure.trailingMinus && profile.readsJapaneseReceipts && currency.code == "JPY"
        let roles = profile.numbers.separatorRoles(strict: resolution.strict, currency: currency.index)
        let minorUnits = currency.minorUnits
        let reading = SeparatorReading(roles: roles, schemes: profile.numbers.groupingSchemes, minorUnits: minorUnits)
        let decimal = try structure.number.decimalMark(reading, bytes: bytes)
        // An amount in minor units alone (`50 cents`, §7) is shifted to major units.
        let hasTrailingDigits = structure.trailingDigits != nil
        let inMinorUnits = structure.minorMarker != nil && !hasTrailingDigits
        if inMinorUnits, minorUnits == 0, let minor = structure.minorMarker {
            throw MoneyParseError(.unexpectedCharacter, offset: minor.start)
        }
        var amount = try structure.number.amount(
            decimalMark: decimal, isNegative: structure.isNegative && !receipt, minorUnits: minorUnits,
            colloquial: profile.readsColloquialDigits, shift: inMinorUnits ? -minorUnits : 0,
            excess: options.excessFractionDigits, bytes: bytes)
        if let trailing = structure.trailingDigits {
            amount = try resolution.adding(trailing, to: amount, of: &structure, decimalMark: decimal, currency: currency)
        }
        return Money(amount.decimal, currency)
    }
}

extension MoneyParser.Options: LosslessStringConvertible {
    /// Reads options written as space-separated words, the form corpora and configuration
    /// files use: `strict` or `lenient`, then `keep`, `round` (half-even, also
    /// `round-half-even`), `round-half-up` (ties away from zero), `round-toward-zero`,
    /// `round-away-from-zero`, `round-ceiling` (toward +∞) or `round-floor` (toward -∞).
    /// The empty string is the default options; an unknown word gives nil.
    ///
    /// ```swift
    /// MoneyParser.Options("strict round-half-up")   // strict mode, rounding half up
    /// ```
    public init?(_ description: String) {
        self.init()
        for word in description.split(separator: " ") {
            switch word {
            case "strict": mode = .strict
            case "lenient": mode = .lenient
            case "keep": excessFractionDigits = .keep
            case "round": excessFractionDigits = .round(.toNearestOrEven)
            default:
                guard let rule = FloatingPointRoundingRule(optionWord: word) else { return nil }
                excessFractionDigits = .round(rule)
            }
        }
    }

    /// The options as words ``init(_:)`` reads back: `"lenient"`, `"strict round-half-up"`.
    public var description: String {
        var words = [mode == .strict ? "strict" : "lenient"]
        switch excessFractionDigits {
        case .reject: break
        case .keep: words.append("keep")
        case .round(.toNearestOrEven): words.append("round")
        case .round(let rule): words.append(rule.optionWord)
        }
        return words.joined(separator: " ")
    }
}

extension MoneyParser.Options.ExcessFractionDigits {
    private var word: String {
        switch self {
        case .reject: "reject"
        case .keep: "keep"
        case .round(let rule): rule.optionWord
        }
    }

    /// Decodes the option's word: `"reject"`, `"keep"`, or a rounding word such as
    /// `"round-half-even"` (see ``MoneyParser/Options/init(_:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let word = try container.decode(String.self)
        switch word {
        case "reject": self = .reject
        case "keep": self = .keep
        default:
            guard let rule = FloatingPointRoundingRule(optionWord: word) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(word)\" is no excess-digit option")
            }
            self = .round(rule)
        }
    }

    /// Encodes the option as its word (`"round-half-even"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(word)
    }
}

extension FloatingPointRoundingRule {
    /// The rule's word in options text (ICU's names for the rounding modes).
    var optionWord: String {
        switch self {
        case .toNearestOrEven: "round-half-even"
        case .toNearestOrAwayFromZero: "round-half-up"
        case .towardZero: "round-toward-zero"
        case .awayFromZero: "round-away-from-zero"
        case .up: "round-ceiling"
        case .down: "round-floor"
        @unknown default: "round-half-even"
        }
    }

    init?(optionWord: some StringProtocol) {
        switch optionWord {
        case "round-half-even": self = .toNearestOrEven
        case "round-half-up": self = .toNearestOrAwayFromZero
        case "round-toward-zero": self = .towardZero
        case "round-away-from-zero": self = .awayFromZero
        case "round-ceiling": self = .up
        case "round-floor": self = .down
        default: return nil
        }
    }
}
