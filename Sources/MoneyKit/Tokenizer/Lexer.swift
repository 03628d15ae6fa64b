/// A currency marker found in the input: which entries of the three marker tables spell
/// it (each -1 when that table has no entry of exactly this extent).
struct MarkerMatch: Sendable, Equatable {
    /// Key in ``GlobalMarkers/symbols`` (symbols of any locale, supplement).
    var symbol: Int32 = -1
    /// Key in ``GlobalMarkers/words`` (ISO codes, English names).
    var word: Int32 = -1
    /// Key in the locale's ``CurrencyConventions/names``.
    var name: Int32 = -1
}

/// One token of the input.
struct Token: Sendable {
    /// Token classes; the state machine has a transition for each.
    enum Kind: UInt8, Sendable {
        /// A run of digits of one digit system.
        case digits
        /// `,` `.` an apostrophe, `٫` `٬`, or a locale's own separator symbol.
        case separator
        /// A run of spaces (and ignorable marks).
        case space
        case minus
        case plus
        case openParen
        case closeParen
        /// An em dash, which only ever follows a decimal separator (`5.—`).
        case dash
        /// A currency marker.
        case marker
        /// The end of the input.
        case end
    }

    var kind: Kind
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset just past the last byte.
    var end: Int
    /// For ``Kind/separator``.
    var separator: SeparatorClass = .comma
    /// For ``Kind/digits``: the zero of the run's digit system.
    var digitZero: UInt32 = 0
    /// For ``Kind/marker``.
    var marker = MarkerMatch()
}

/// Splits UTF-8 input into tokens, one at a time (no token buffer, no allocation).
///
/// Character classes follow SPEC section 3. Anything that is not a digit, separator, sign,
/// space or parenthesis must begin a currency marker, matched greedily (longest first)
/// against the global symbol table, the ISO-code-and-English-name table and the locale's
/// name table; otherwise it is an ``MoneyParseError/Kind/unexpectedCharacter``.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let profile: LocaleProfile
    /// The currency hint: symbols of currencies no longer current are markers only for it.
    let hint: Currency?
    private(set) var index = 0
    private var previous: Token.Kind = .end

    init(bytes: UnsafeBufferPointer<UInt8>, profile: LocaleProfile, hint: Currency?) {
        self.bytes = bytes
        self.profile = profile
        self.hint = hint
    }

    /// The token after the current one, without consuming anything.
    func peek() throws(MoneyParseError) -> Token {
        var copy = self
        return try copy.next()
    }

    /// The next token.
    mutating func next() throws(MoneyParseError) -> Token {
        let token = try scan()
        previous = token.kind
        return token
    }

    private mutating func scan() throws(MoneyParseError) -> Token {
        // Ignorable marks vanish (they may sit between any two characters).
        while index < bytes.count {
            let (scalar, length) = Characters.decode(bytes, at: index)
            guard Characters.isIgnorable(scalar) else { break }
            index += length
        }
        let start = index
        guard index < bytes.count else { return Token(kind: .end, start: start, end: start) }
        let (scalar, length) = Characters.decode(bytes, at: index)

        if Characters.isSpace(scalar) {
            index += length
            while index < bytes.count {
                let (next, nextLength) = Characters.decode(bytes, at: index)
                guard Characters.isSpace(next) || Characters.isIgnorable(next) else { break }
                index += nextLength
            }
            return Token(kind: .space, start: start, end: index)
        }

        if let digit = DigitSystems.digit(scalar) {
            index += length
            while index < bytes.count {
                let (next, nextLength) = Characters.decode(bytes, at: index)
                guard let nextDigit = DigitSystems.digit(next), nextDigit.zero == digit.zero else { break }
                index += nextLength
            }
            return Token(kind: .digits, start: start, end: index, digitZero: digit.zero)
        }

        let canonical = Characters.canonical(scalar)
        if let separator = SeparatorClass.universal(canonical) {
            index += length
            return Token(kind: .separator, start: start, end: index, separator: separator)
        }
        if let separator = localeSeparator(canonical, after: index + length) {
            index += length
            return Token(kind: .separator, start: start, end: index, separator: separator)
        }
        if Characters.isMinus(scalar) {
            index += length
            return Token(kind: .minus, start: start, end: index)
        }
        // A few currency names begin with a parenthesis ("(unbekannte Währung)" for XXX).
        if canonical == 0x28, let (end, marker) = matchMarker(from: start) {
            index = end
            return Token(kind: .marker, start: start, end: end, marker: marker)
        }
        switch canonical {
        case 0x2B:
            index += length
            return Token(kind: .plus, start: start, end: index)
        case 0x28:
            index += length
            return Token(kind: .openParen, start: start, end: index)
        case 0x29:
            index += length
            return Token(kind: .closeParen, start: start, end: index)
        case Characters.emDash:
            index += length
            return Token(kind: .dash, start: start, end: index)
        default:
            break
        }

        if let (end, marker) = matchMarker(from: start) {
            index = end
            return Token(kind: .marker, start: start, end: end, marker: marker)
        }
        throw MoneyParseError(.unexpectedCharacter, offset: start, excerpt: excerpt(start, start + length))
    }

    /// A locale's own separator symbol outside the universal classes (`$` in pt_CV) is a
    /// separator only between digits (or before a "no cents" dash); elsewhere it is text,
    /// so `$5` in pt_CV is still a dollar sign.
    private func localeSeparator(_ canonical: UInt32, after next: Int) -> SeparatorClass? {
        let numbers = profile.numbers
        let isDecimal = numbers.localeDecimalScalars.contains(canonical)
        let isGrouping = numbers.localeGroupingScalars.contains(canonical)
        guard isDecimal || isGrouping, previous == .digits, next < bytes.count else { return nil }
        let (following, _) = Characters.decode(bytes, at: next)
        if DigitSystems.digit(following) != nil { return isDecimal ? .localeDecimal : .localeGrouping }
        if isDecimal, Characters.isMinus(following) || following == Characters.emDash { return .localeDecimal }
        return nil
    }

    /// The longest marker starting at `start` in any of the three tables.
    private func matchMarker(from start: Int) -> (end: Int, marker: MarkerMatch)? {
        let global = GlobalMarkers.shared
        let hint = self.hint
        let symbol = MarkerKey.longestMatch(in: bytes, from: start, trie: global.symbols, folded: false) { id in
            let info = global.symbolInfos[Int(id)]
            return info.isMarkerWithoutHint || hint.map { info.historic.contains($0.index) } == true
        }
        let word = MarkerKey.longestMatch(in: bytes, from: start, trie: global.words, folded: true)
        let name = MarkerKey.longestMatch(in: bytes, from: start, trie: profile.currencies.names, folded: true)
        let end = max(symbol?.end ?? -1, word?.end ?? -1, name?.end ?? -1)
        guard end > start else { return nil }
        var marker = MarkerMatch()
        if let symbol, symbol.end == end { marker.symbol = symbol.value }
        if let word, word.end == end { marker.word = word.value }
        if let name, name.end == end { marker.name = name.value }
        return (end, marker)
    }

    /// The input text between two offsets (for error messages).
    func excerpt(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, bytes.count)]), as: UTF8.self)
    }
}
