import Foundation

/// Why a text is not an amount of money, and where.
///
/// ```swift
/// do {
///     _ = try MoneyParser.parse("12,34,5 €", locale: Locale(identifier: "de_DE"))
/// } catch {
///     error.kind      // .invalidGrouping
///     error.offset    // 5: the UTF-8 offset of the second ","
///     print(error)    // "The digit groups around "," at offset 5 do not match ..."
/// }
/// ```
public struct MoneyParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong. Each case has a stable ``name`` used in CSV reports.
    public enum Kind: Sendable, Equatable, Hashable {
        /// The text is empty or holds only spaces and invisible marks.
        case empty
        /// The text is longer than ``MoneyParser/maximumInputLength`` UTF-8 bytes.
        case tooLong
        /// A character that has no place in an amount (a letter that is not part of a
        /// currency marker, `%`, an exponent, a second number...).
        case unexpectedCharacter
        /// Digit groups do not match the locale's or the 3-digit grouping, mix grouping
        /// characters, or appear after the decimal separator.
        case invalidGrouping
        /// More than one decimal separator.
        case multipleDecimalSeparators
        /// More non-zero fraction digits than the currency has minor units.
        case tooManyFractionDigits
        /// More than 38 significant digits.
        case overflow
        /// Digits from two different digit systems in one number.
        case mixedDigitSystems
        /// A CJK or Korean numeral unit or compact multiplier in the wrong place: out of
        /// order (`三分五角`), repeated (`万万`), on nothing (`1億万`), or followed by digits
        /// it cannot take (`1M5`; in `1K5` the `K` may be a currency symbol, so the `5` is an
        /// ``unexpectedCharacter``).
        case invalidNumeral
        /// Signs or a currency marker but no digits.
        case missingNumber
        /// Two signs (`--5`, `-(5)`, `+5-`).
        case multipleSigns
        /// An opening parenthesis without its closing one, or the reverse.
        case unbalancedParentheses
        /// Two currency markers that are not an ISO code with a symbol of that currency.
        case multipleMarkers
        /// Strict mode: a marker on the other side of the number than the locale's pattern.
        case misplacedMarker
        /// No currency marker, no currency hint, and the locale's region has no currency.
        case missingCurrency
        /// The marker denotes several currencies and nothing decides between them.
        case ambiguousCurrency(candidates: [Currency])
        /// The marker denotes a currency other than the expected one.
        case currencyMismatch(found: Currency, expected: Currency)
        /// The parser's locale is not one ICU knows (`en_UK`, `xx`, `ger_DE`): every parse
        /// fails with this rather than reading the text with some other locale's
        /// conventions. The ``MoneyParseError/excerpt`` is the identifier; `nearest` is the
        /// known identifier to suggest, when there is one (`en_GB`, `de_DE`).
        case unknownLocale(nearest: String?)

        /// The kind's stable name, as written in the `error` column of a corpus:
        /// `"invalidGrouping"`, `"ambiguousCurrency"`.
        public var name: String {
            switch self {
            case .empty: "empty"
            case .tooLong: "tooLong"
            case .unexpectedCharacter: "unexpectedCharacter"
            case .invalidGrouping: "invalidGrouping"
            case .multipleDecimalSeparators: "multipleDecimalSeparators"
            case .tooManyFractionDigits: "tooManyFractionDigits"
            case .overflow: "overflow"
            case .mixedDigitSystems: "mixedDigitSystems"
            case .invalidNumeral: "invalidNumeral"
            case .missingNumber: "missingNumber"
            case .multipleSigns: "multipleSigns"
            case .unbalancedParentheses: "unbalancedParentheses"
            case .multipleMarkers: "multipleMarkers"
            case .misplacedMarker: "misplacedMarker"
            case .missingCurrency: "missingCurrency"
            case .ambiguousCurrency: "ambiguousCurrency"
            case .currencyMismatch: "currencyMismatch"
            case .unknownLocale: "unknownLocale"
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The UTF-8 offset in the input of the first offending character, when there is one:
    /// `nil` for ``Kind/empty``, ``Kind/missingCurrency`` and a ``Kind/missingNumber`` in a
    /// text with no number anywhere (between parentheses or before a multiplier it points
    /// where the number was expected); ``Kind/tooLong`` points at the first character that
    /// ends past ``MoneyParser/maximumInputLength`` bytes. An offset always starts a character.
    public let offset: Int?
    /// The offending text (a character, a marker or a digit group), when there is one.
    public let excerpt: String?
    /// What the description explains beyond the kind.
    let detail: Detail?

    /// Finer reasons behind some errors, for their descriptions.
    enum Detail: Sendable, Equatable {
        /// The same marker twice (`EUR EUR 5`, `5 dollars dollars`).
        case repeatedMarker
        /// A word of currency names that is no currency on its own (`10 Indian`): the
        /// currencies whose names it qualifies.
        case qualifierWord([Currency])
        /// A minor-unit form after an amount of another currency (`3 dollars 50 groszy`).
        case minorUnitOfOtherCurrency(Currency)
        /// A minor part of one major unit or more (`5 zł 150 gr`), or a minor part after a
        /// fractional or multiplied amount: how many minor units make one major unit.
        case minorPartNotBelowOneUnit(Int)
        /// A region qualifier after a marker that denotes no currency of that region (or
        /// several: `$100 US` picks one of the symbol's currencies, and must find one).
        case regionWithoutSymbol(String)
        /// A price-tag separator (`12:50`, `35€99`) not followed by exactly the currency's
        /// minor digits.
        case priceTagDigits(Int)
        /// A run of several digits in a numeral in unit form (`三十四五元`).
        case digitRunInNumeral
        /// A multiplier with its particle but no currency after it (`1,5 millones de`).
        case particleWithoutUnitWord
    }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - offset: UTF-8 offset of the first offending character in the input.
    ///   - excerpt: The offending text.
    public init(_ kind: Kind, offset: Int? = nil, excerpt: String? = nil) {
        self.init(kind, offset: offset, excerpt: excerpt, detail: nil)
    }

    init(_ kind: Kind, offset: Int? = nil, excerpt: String? = nil, detail: Detail?) {
        self.kind = kind
        self.offset = offset
        self.excerpt = excerpt
        self.detail = detail
    }

    /// A sentence a person can act on.
    public var description: String {
        let place = offset.map { " at offset \($0)" } ?? ""
        let quoted = excerpt.map { "\"\($0)\"" } ?? "the text"
        var sentence: String
        switch kind {
        case .empty:
            sentence = "The text is empty: type an amount such as 12.50."
        case .tooLong:
            sentence = "The text is longer than \(MoneyParser.maximumInputLength) bytes; an amount is never that long."
        case .unexpectedCharacter:
            sentence = "\(quoted)\(place) has no place in an amount: remove it, or check it is a currency "
                + "symbol or code the parser knows."
        case .invalidGrouping:
            sentence = "The digit groups around \(quoted)\(place) do not match the locale's grouping or groups of three; "
                + "check the separators."
        case .multipleDecimalSeparators:
            sentence = "\(quoted)\(place) is a second decimal separator; an amount has at most one."
        case .tooManyFractionDigits:
            sentence = "\(quoted)\(place) has more decimal places than the currency allows; round the amount "
                + "or check the separators."
        case .overflow:
            sentence = "The amount\(place) has more than 38 significant digits."
        case .mixedDigitSystems:
            sentence = "\(quoted)\(place) is from a different digit system than the digits before it; "
                + "use one script's digits throughout."
        case .invalidNumeral:
            sentence = "\(quoted)\(place) cannot stand there in a number: units go from large to small, each once, "
                + "and a multiplier ends the number."
        case .missingNumber:
            sentence = excerpt == nil
                ? "There is no number in the text\(place); type the digits of the amount."
                : "There is no number before \(quoted)\(place); type the digits of the amount."
        case .multipleSigns:
            sentence = "\(quoted)\(place) is a second sign; an amount has at most one minus, plus or pair of parentheses."
        case .unbalancedParentheses:
            sentence = "The parenthesis \(quoted)\(place) has no partner; a negative amount is written (5.00)."
        case .multipleMarkers:
            sentence = "\(quoted)\(place) is a second currency marker; keep one, or an ISO code with its own symbol."
        case .misplacedMarker:
            sentence = "\(quoted)\(place) is on the other side of the number than this locale writes it "
                + "(strict mode); move it, or parse in lenient mode."
        case .missingCurrency:
            sentence = "The text names no currency and the locale has no default one; add a currency code "
                + "or pass a currency hint."
        case .ambiguousCurrency(let candidates):
            let list = candidates.prefix(8).map(\.code).joined(separator: ", ")
            let more = candidates.count > 8 ? ", ..." : ""
            sentence = "\(quoted)\(place) could be any of \(list)\(more); write the ISO code or pass a currency hint."
        case .currencyMismatch(let found, let expected):
            sentence = "\(quoted)\(place) denotes \(found.code), but the amount is expected in \(expected.code)."
        case .unknownLocale(let nearest):
            sentence = "The locale \(excerpt.map { "\"\($0)\"" } ?? "identifier") is not one ICU knows"
                + (nearest.map { "; did you mean \($0)?" } ?? "; use an identifier such as en_US or de_CH.")
        }
        if let detail { sentence = explanation(detail, quoted: quoted, place: place) }
        return sentence
    }

    private func explanation(_ detail: Detail, quoted: String, place: String) -> String {
        switch detail {
        case .repeatedMarker:
            return "\(quoted)\(place) repeats the currency marker; write it once."
        case .qualifierWord(let currencies):
            let list = currencies.prefix(8).map(\.code).joined(separator: ", ")
            return "\(quoted)\(place) is part of a currency's name (\(list)), not a currency on its own; "
                + "write the whole name, its noun or the ISO code."
        case .minorUnitOfOtherCurrency(let currency):
            return "\(quoted)\(place) is not a minor unit of \(currency.code), the currency of the amount before it."
        case .minorPartNotBelowOneUnit(let perUnit):
            return "The minor part \(quoted)\(place) must be whole minor units below one major unit (\(perUnit)), "
                + "after a whole amount."
        case .regionWithoutSymbol(let marker):
            return "\(quoted)\(place) names a region, but \"\(marker)\" is no symbol, name or unit word of that region's currency "
                + "(an ISO code takes no region)."
        case .particleWithoutUnitWord:
            return "\(quoted)\(place) needs the currency after it (1,5 millones de euros); add it, or drop the particle."
        case .digitRunInNumeral:
            return "\(quoted)\(place) begins a run of digits inside a numeral written with units; such a numeral "
                + "(三十四五, \"thirty-four or -five\") is an approximation, not an amount."
        case .priceTagDigits(let digits):
            return "\(quoted)\(place) separates the currency's \(digits) minor digits in a price tag; "
                + "write exactly \(digits) digits after it."
        }
    }
}

extension MoneyParseError {
    /// The error with its excerpt filled in from the input when it points at a character but
    /// does not name it (errors found from recorded offsets, such as a separator's).
    func naming(_ bytes: UnsafeBufferPointer<UInt8>) -> MoneyParseError {
        // Offsets start characters (the corpus runner and fuzz-parse check it); the last test
        // keeps `decode`, which reads without bounds checks, inside the input if one ever does not.
        guard excerpt == nil, let offset, offset < bytes.count, kind != .tooLong, kind != .overflow,
              bytes[offset] & 0xC0 != 0x80 else { return self }
        let length = Characters.decode(bytes, at: offset).length
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + length, bytes.count)]), as: UTF8.self)
        return MoneyParseError(kind, offset: offset, excerpt: text, detail: detail)
    }
}

extension MoneyParseError {
    /// The offending text's UTF-8 byte range in the input: ``offset`` through the end of
    /// ``excerpt`` (empty at ``offset`` when there is no excerpt); nil without an offset.
    ///
    /// The error does not keep the input (parsing allocates nothing); pass it to
    /// ``range(in:)`` or ``utf16Range(in:)`` for the other forms.
    public var utf8Range: Range<Int>? {
        offset.map { $0..<($0 + (excerpt?.utf8.count ?? 0)) }
    }

    /// The offending text's range in the input the error came from, for selecting or
    /// highlighting it:
    ///
    /// ```swift
    /// let input = "12,34,5 €"
    /// do { _ = try MoneyParser.parse(input, locale: Locale(identifier: "de_DE")) } catch {
    ///     input[error.range(in: input)!]   // ","
    /// }
    /// ```
    ///
    /// - Parameter input: The text that was parsed.
    /// - Returns: The range, or nil when the error has no offset or `input` is too short
    ///   to be the text it came from.
    public func range(in input: String) -> Range<String.Index>? {
        guard let bytes = utf8Range, bytes.upperBound <= input.utf8.count else { return nil }
        let start = input.utf8.index(input.utf8.startIndex, offsetBy: bytes.lowerBound)
        return start..<input.utf8.index(start, offsetBy: bytes.count)
    }

    /// The offending text's UTF-16 range in the input, as `NSRange`-based text fields
    /// (UIKit, AppKit) count: `"€ 12,34,5"` has its second `,` at UTF-8 offset 9 but
    /// UTF-16 offset 7.
    ///
    /// - Parameter input: The text that was parsed.
    /// - Returns: The range in UTF-16 code units, or nil as for ``range(in:)``.
    public func utf16Range(in input: String) -> Range<Int>? {
        guard let range = range(in: input) else { return nil }
        let start = input.utf16.distance(from: input.utf16.startIndex, to: range.lowerBound)
        return start..<(start + input.utf16.distance(from: range.lowerBound, to: range.upperBound))
    }
}

extension MoneyParseError: LocalizedError {
    /// The same sentence as ``description``, for `localizedDescription` and the alerts and
    /// logs that show it (in English: MoneyKit's messages are not translated).
    public var errorDescription: String? { description }
}
