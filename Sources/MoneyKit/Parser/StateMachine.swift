/// A currency marker as it stood in the input.
struct PlacedMarker {
    var match: MarkerMatch
    var start: Int
    var end: Int
    var side: MarkerSide
}

/// What the state machine read: the number, its sign, and up to two markers.
struct AmountStructure {
    var number = NumberScan()
    var isNegative = false
    var firstMarker: PlacedMarker?
    var secondMarker: PlacedMarker?
}

/// The explicit state machine that validates an amount's structure (SPEC 4 and 8):
///
/// ```
/// beforeNumber --digits--> inDigits --separator--> afterSeparator --digits--> inDigits
///      |  sign, "(", marker, space              |                    \--dash--> afterNumber
///      |                                        \--space/marker/sign/")"/end--> afterNumber
///      \--separator (".5")--> afterSeparator
/// afterNumber: space, marker, trailing minus, ")" ; anything else is an error
/// ```
///
/// Each state has a transition per token class. A sign is one leading or trailing minus,
/// a leading plus, or one pair of parentheses around the amount (with or without the
/// marker inside); at most two markers, before or after the number (which pairs are
/// allowed is decided by currency resolution).
struct StateMachine {
    /// The machine's states.
    enum State {
        /// Before any digit: signs, an opening parenthesis and markers may come.
        case beforeNumber
        /// Just read a run of digits.
        case inDigits
        /// Just read a separator inside (or at the start of) the number.
        case afterSeparator
        /// The number is complete: markers, a trailing minus and ")" may come.
        case afterNumber
    }

    private var lexer: Lexer
    /// Decides whether two markers form an allowed pair (ISO code + symbol of that currency).
    private let resolution: CurrencyResolution
    private var state = State.beforeNumber
    private var result = AmountStructure()
    private var signOffset: Int?
    private var openParenthesis: Int?
    private var closedParenthesis = false
    private var sawAnything = false

    init(lexer: Lexer, resolution: CurrencyResolution) {
        self.lexer = lexer
        self.resolution = resolution
    }

    /// Runs the machine over the whole input.
    static func read(_ lexer: Lexer, resolution: CurrencyResolution) throws(MoneyParseError) -> AmountStructure {
        var machine = StateMachine(lexer: lexer, resolution: resolution)
        return try machine.run()
    }

    private mutating func run() throws(MoneyParseError) -> AmountStructure {
        while true {
            let token = try lexer.next()
            if token.kind == .end { break }
            if token.kind != .space { sawAnything = true }
            switch state {
            case .beforeNumber: try beforeNumber(token)
            case .inDigits: try inDigits(token)
            case .afterSeparator: try afterSeparator(token)
            case .afterNumber: try afterNumber(token)
            }
        }
        return try finish()
    }

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
            try addMarker(token, side: .before)
        case .digits:
            try result.number.appendDigits(token, in: lexer.bytes)
            state = .inDigits
        case .separator:
            // ".5": a leading separator starts the number (inference checks it can be decimal).
            result.number.appendSeparator(token.separator, start: token.start, end: token.end)
            state = .afterSeparator
        case .closeParen:
            throw MoneyParseError(openParenthesis == nil ? .unbalancedParentheses : .missingNumber,
                                  offset: token.start, excerpt: ")")
        case .dash, .end:
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
            // A space between digits groups them (SI style, `40 130`); otherwise it ends the number.
            if try lexer.peek().kind == .digits {
                result.number.appendSeparator(.space, start: token.start, end: token.end)
                state = .afterSeparator
            } else {
                state = .afterNumber
            }
        default:
            state = .afterNumber
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
        default:
            state = .afterNumber
            try afterNumber(token)
        }
    }

    private mutating func afterNumber(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .space:
            break
        case .marker:
            try addMarker(token, side: .after)
        case .minus:
            try setSign(token, negative: true)
        case .closeParen:
            guard openParenthesis != nil, !closedParenthesis else {
                throw MoneyParseError(.unbalancedParentheses, offset: token.start, excerpt: ")")
            }
            closedParenthesis = true
        case .plus, .openParen:
            throw MoneyParseError(signOffset == nil ? .unexpectedCharacter : .multipleSigns,
                                  offset: token.start, excerpt: excerpt(token))
        case .digits, .separator, .dash, .end:
            throw unexpected(token)
        }
    }

    private mutating func finish() throws(MoneyParseError) -> AmountStructure {
        if !sawAnything { throw MoneyParseError(.empty) }
        if let openParenthesis, !closedParenthesis {
            throw MoneyParseError(.unbalancedParentheses, offset: openParenthesis, excerpt: "(")
        }
        guard result.number.hasDigits else {
            throw MoneyParseError(.missingNumber, offset: result.number.hasStarted ? result.number.start : nil)
        }
        return result
    }

    // MARK: Helpers

    private mutating func setSign(_ token: Token, negative: Bool) throws(MoneyParseError) {
        if signOffset != nil {
            throw MoneyParseError(.multipleSigns, offset: token.start, excerpt: excerpt(token))
        }
        signOffset = token.start
        result.isNegative = negative
    }

    private mutating func addMarker(_ token: Token, side: MarkerSide) throws(MoneyParseError) {
        let placed = PlacedMarker(match: token.marker, start: token.start, end: token.end, side: side)
        if result.firstMarker == nil {
            result.firstMarker = placed
        } else if let first = result.firstMarker, result.secondMarker == nil {
            // A second marker is only allowed as an ISO code paired with its symbol: when the
            // pair fails, the second marker is the first offending text.
            if !resolution.pairs(first, placed) {
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
