/// A currency marker as it stood in the input.
struct PlacedMarker {
    var match: MarkerMatch
    var start: Int
    var end: Int
    var side: MarkerSide
    /// When the marker's text is also a compact affix attached to the number (`K`), the
    /// multiplier's power of ten; -1 otherwise. Currency resolution decides which it is.
    var multiplier: Int8 = -1
}

/// What the state machine read: the number, its sign, and up to two markers.
struct AmountStructure {
    var number = NumberScan()
    var isNegative = false
    /// Whether the sign was a trailing minus (a Japanese receipt's "exactly" for yen).
    var trailingMinus = false
    var firstMarker: PlacedMarker?
    var secondMarker: PlacedMarker?
    /// A compact multiplier standing before the number (sw: `elfu 1,5`): power of ten, offset.
    var prefixMultiplier: (exponent: Int8, offset: Int)?
}

/// The explicit state machine that validates an amount's structure (SPEC 4, 6, 7 and 8):
///
/// ```
/// beforeNumber --digits--> inDigits --separator--> afterSeparator --digits--> inDigits
///      |  sign, "(", marker,    |  \--unit/yuan--> afterUnit --digits--> inDigits
///      |  金, prefix multiplier  \--multiplier--> afterNumber    \--unit/yuan/space--> afterUnit
///      \--unit (万, 十五)--> afterUnit         afterSeparator --dash (50,-)--> afterNumber
/// afterNumber: space, marker, trailing minus, ")", 也, a multiplier right after the number
/// ```
///
/// Each state has a transition per token class. A sign is one leading or trailing minus,
/// a leading plus, or one pair of parentheses around the amount (with or without the
/// marker inside); at most two markers, before or after the number (which pairs are
/// allowed is decided by currency resolution).
struct StateMachine {
    /// The machine's states.
    enum State {
        /// Before any digit: signs, an opening parenthesis, markers, 金 and a prefix
        /// multiplier may come.
        case beforeNumber
        /// Just read a run of digits.
        case inDigits
        /// Just read a separator inside (or at the start of) the number.
        case afterSeparator
        /// Just read a unit (十, 万, 元...): digits, more units or the end of the number follow.
        case afterUnit
        /// The number is complete: markers, a trailing minus, ")" and 也 may come.
        case afterNumber
    }

    private var lexer: Lexer
    /// Decides whether two markers form an allowed pair (ISO code + symbol of that currency).
    private let resolution: CurrencyResolution
    private var state = State.beforeNumber
    /// What was read.
    private(set) var result = AmountStructure()
    private var signOffset: Int?
    private var openParenthesis: Int?
    private var closedParenthesis = false
    private var sawAnything = false
    private var sawReceiptSuffix = false
    /// Whether only spaces came since the number ended (a multiplier may still attach).
    private var numberJustEnded = false
    /// Whether the last token that was not a space is a compact multiplier (`1K 5`: digits
    /// there are a misplaced numeral, not a second number).
    private var afterMultiplier = false

    @inline(__always)
    init(lexer: Lexer, resolution: CurrencyResolution) {
        self.lexer = lexer
        self.resolution = resolution
    }

    /// Runs the machine over the whole input; ``result`` then holds what it read.
    mutating func run() throws(MoneyParseError) {
        while true {
            let token = try lexer.next()
            if token.kind == .end { break }
            if token.kind != .space { sawAnything = true }
            switch state {
            case .beforeNumber: try beforeNumber(token)
            case .inDigits: try inDigits(token)
            case .afterSeparator: try afterSeparator(token)
            case .afterUnit: try afterUnit(token)
            case .afterNumber: try afterNumber(token)
            }
        }
        try finish()
    }

    /// Ends the machine's life, handing over what it read (moved, not copied).
    consuming func takeResult() -> AmountStructure { result }

    // MARK: Transitions

    private mutating func beforeNumber(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .space:
            break
        case .minus, .plus:
            try setSign(token, negative: token.kind == .minus)
        case .openParen:
            try setSign(token, negative: true)
            openParenthesis = token.start
        case .marker:
            try addMarker(token, side: .before, multiplier: token.exponent)
        case .digits:
            try result.number.appendDigits(token, in: lexer.bytes)
            state = .inDigits
        case .separator:
            // ".5": a leading separator starts the number (inference checks it can be decimal).
            result.number.appendSeparator(token.separator, start: token.start, end: token.end)
            state = .afterSeparator
        case .unit:
            // 十五, 万, 만 원: a unit with no digits before it counts once.
            try applyUnit(token)
            state = .afterUnit
        case .receiptPrefix:
            break
        case .multiplier:
            guard result.prefixMultiplier == nil else { throw invalid(token) }
            result.prefixMultiplier = (token.exponent, token.start)
        case .closeParen:
            throw MoneyParseError(openParenthesis == nil ? .unbalancedParentheses : .missingNumber,
                                  offset: token.start, excerpt: ")")
        case .dash, .yuan, .exactly, .receiptSuffix, .end:
            throw unexpected(token)
        }
    }

    private mutating func inDigits(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits:
            // The lexer ends a digit run only where the digit system changes.
            try result.number.appendDigits(token, in: lexer.bytes)
        case .separator:
            result.number.appendSeparator(token.separator, start: token.start, end: token.end)
            state = .afterSeparator
        case .space:
            // A space between digits groups them (SI style, `40 130`); before a unit or a
            // multiplier it belongs to the number (`1 万`, `2,5 Mio.`); otherwise it ends it.
            switch try lexer.peek().kind {
            case .digits:
                result.number.appendSeparator(.space, start: token.start, end: token.end)
                state = .afterSeparator
            case .unit, .yuan, .multiplier:
                break
            default:
                endNumber()
            }
        case .unit, .yuan:
            try applyUnit(token)
            state = .afterUnit
        default:
            endNumber()
            try afterNumber(token)
        }
    }

    private mutating func afterSeparator(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits:
            try result.number.appendDigits(token, in: lexer.bytes)
            state = .inDigits
        case .minus, .dash:
            // "50,-" and "Fr. 5.–": no cents.
            guard result.number.hasDigits else { throw unexpected(token) }
            result.number.appendDash(end: token.end)
            state = .afterNumber
        case .separator:
            throw MoneyParseError(.invalidGrouping, offset: token.start, excerpt: excerpt(token))
        case .unit, .yuan:
            throw unexpected(token)
        default:
            endNumber()
            try afterNumber(token)
        }
    }

    private mutating func afterUnit(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits:
            try result.number.appendDigits(token, in: lexer.bytes)
            state = .inDigits
        case .unit, .yuan:
            try applyUnit(token)
        case .space:
            // Korean groups may be spaced: 3억 5천만 원.
            switch try lexer.peek().kind {
            case .digits, .unit: break
            default: endNumber()
            }
        case .exactly:
            endNumber()
        case .multiplier:
            throw invalid(token)
        case .separator:
            throw unexpected(token)
        default:
            endNumber()
            try afterNumber(token)
        }
    }

    private mutating func afterNumber(_ token: Token) throws(MoneyParseError) {
        let justEnded = numberJustEnded
        numberJustEnded = false
        let followsMultiplier = afterMultiplier
        if token.kind != .space { afterMultiplier = token.kind == .multiplier }
        if token.kind == .digits, followsMultiplier {
            // A multiplier ends the number (SPEC 7): `1M5` is a numeral out of place.
            let end = token.start + Characters.decode(lexer.bytes, at: token.start).length
            throw MoneyParseError(.invalidNumeral, offset: token.start, excerpt: lexer.excerpt(token.start, end))
        }
        switch token.kind {
        case .space:
            numberJustEnded = justEnded
        case .marker:
            // A compact affix that is also a symbol (`K`) may be a multiplier only right
            // after the number.
            let attached = justEnded && result.firstMarker?.side != .after && !result.number.units.used
            try addMarker(token, side: .after, multiplier: attached ? token.exponent : -1)
        case .multiplier:
            guard justEnded, result.firstMarker?.side != .after else { throw invalid(token) }
            try result.number.applyMultiplier(
                exponent: token.exponent, at: token.start, roles: resolution.unitRoles,
                groupingClasses: resolution.profile.numbers.strictFormat.groupingClasses,
                schemes: resolution.profile.numbers.groupingSchemes, bytes: lexer.bytes)
            result.number.extend(to: token.end)
            numberJustEnded = true
        case .minus:
            try setSign(token, negative: true)
            result.trailingMinus = true
        case .closeParen:
            guard openParenthesis != nil, !closedParenthesis else {
                throw MoneyParseError(.unbalancedParentheses, offset: token.start, excerpt: ")")
            }
            closedParenthesis = true
        case .receiptSuffix:
            guard !sawReceiptSuffix else { throw unexpected(token) }
            sawReceiptSuffix = true
        case .plus, .openParen:
            throw MoneyParseError(signOffset == nil ? .unexpectedCharacter : .multipleSigns,
                                  offset: token.start, excerpt: excerpt(token))
        case .unit, .yuan:
            throw invalid(token)
        case .digits, .separator, .dash, .exactly, .receiptPrefix, .end:
            throw unexpected(token)
        }
    }

    private mutating func finish() throws(MoneyParseError) {
        if !sawAnything { throw MoneyParseError(.empty) }
        if let openParenthesis, !closedParenthesis {
            throw MoneyParseError(.unbalancedParentheses, offset: openParenthesis, excerpt: "(")
        }
        guard result.number.hasValue else {
            throw MoneyParseError(.missingNumber, offset: result.number.hasStarted ? result.number.start : nil)
        }
    }

    // MARK: Helpers

    private mutating func endNumber() {
        state = .afterNumber
        numberJustEnded = true
    }

    private mutating func applyUnit(_ token: Token) throws(MoneyParseError) {
        let numbers = resolution.profile.numbers
        try result.number.applyUnit(token, roles: resolution.unitRoles, groupingClasses: numbers.strictFormat.groupingClasses,
                                    schemes: numbers.groupingSchemes, bytes: lexer.bytes)
        result.number.extend(to: token.end)
    }

    private mutating func setSign(_ token: Token, negative: Bool) throws(MoneyParseError) {
        if signOffset != nil {
            throw MoneyParseError(.multipleSigns, offset: token.start, excerpt: excerpt(token))
        }
        signOffset = token.start
        result.isNegative = negative
    }

    private mutating func addMarker(_ token: Token, side: MarkerSide, multiplier: Int8) throws(MoneyParseError) {
        let placed = PlacedMarker(match: token.marker, start: token.start, end: token.end, side: side, multiplier: multiplier)
        if result.firstMarker == nil {
            result.firstMarker = placed
        } else if let first = result.firstMarker, result.secondMarker == nil {
            // A second marker is only allowed as an ISO code paired with its symbol: when the
            // pair fails, the second marker is the first offending text. (If either may be a
            // multiplier, currency resolution checks the pair once that is decided.)
            if first.multiplier < 0, placed.multiplier < 0, !resolution.pairs(first, placed) {
                throw MoneyParseError(.multipleMarkers, offset: token.start, excerpt: excerpt(token))
            }
            result.secondMarker = placed
        } else {
            throw MoneyParseError(.multipleMarkers, offset: token.start, excerpt: excerpt(token))
        }
    }

    private func excerpt(_ token: Token) -> String {
        lexer.excerpt(token.start, max(token.end, token.start + 1))
    }

    private func invalid(_ token: Token) -> MoneyParseError {
        MoneyParseError(.invalidNumeral, offset: token.start, excerpt: excerpt(token))
    }

    private func unexpected(_ token: Token) -> MoneyParseError {
        if token.kind == .end { return MoneyParseError(.missingNumber) }
        var end = token.end
        if token.kind == .digits || token.kind == .space {
            // Point at the first character only.
            end = token.start + Characters.decode(lexer.bytes, at: token.start).length
        }
        return MoneyParseError(.unexpectedCharacter, offset: token.start, excerpt: lexer.excerpt(token.start, end))
    }
}
