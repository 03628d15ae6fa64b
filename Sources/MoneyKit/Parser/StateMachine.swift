/// The explicit state machine that validates an amount's structure (Docs/ParsingRules.md
/// §3, §4, §4b, §5 and §7):
///
/// ```
/// beforeNumber --digits--> inDigits --separator--> afterSeparator --digits--> inDigits
///      |  sign, "(", marker,    |  \--unit/yuan--> afterUnit --digits--> inDigits
///      |  金, prefix multiplier  \--multiplier, /- --> afterNumber \--unit/yuan/space--> afterUnit
///      \--unit (万, 十五)--> afterUnit         afterSeparator --(spaces) dash (50,-)--> afterNumber
/// afterNumber: space, marker, minor-unit form, trailing minus, ")", 也, region qualifier,
///      a multiplier right after the number, /-; digits after a marker --> inTrailingDigits
/// inTrailingDigits --minor-unit form (5 zł 50 gr)--> afterNumber; or the end (35€99)
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
        /// Digits after the amount's marker: a minor part or a price tag's minor digits (§7).
        case inTrailingDigits
    }

    private var lexer: Lexer
    /// Decides whether two markers form an allowed pair (ISO code + symbol of that currency).
    private let resolution: CurrencyResolution
    private var state = State.beforeNumber
    /// What was read (currency resolution settles its multipliers in place).
    var result = AmountStructure()
    private var signOffset: Int?
    private var openParenthesis: Int?
    private var closedParenthesis = false
    private var sawAnything = false
    private var sawReceiptSuffix = false
    /// Whether 整 or 정 ("exactly") followed the amount's marker.
    private var sawExactly = false
    /// Whether only spaces came since the number ended (a multiplier may still attach).
    private var numberJustEnded = false
    /// Whether the last token that was not a space is a compact multiplier or scale word:
    /// digits touching it are a misplaced numeral (`1K5`), after a space the next group.
    private var afterMultiplier = false
    /// Whether the number ended with a price tag's `/-`.
    private var sawSlashDash = false
    /// Whether the "no cents" dash was doubled (`5.--`).
    private var sawDoubleDash = false
    /// The kind of the last token that was not a space.
    private var previousSolid = Token.Kind.end
    /// The offset of a multiplier ending in a particle (`millones de`) that still waits for
    /// its unit word or name.
    private var pendingParticle: Int?
    /// Qualifier words that still wait for the noun they qualify (`australischen` before
    /// `Dollar`), as a UTF-8 range.
    private var pendingQualifier: (start: Int, end: Int)?
    /// The offset of a joiner (`y`, `and`, `又`) that waits for the minor part after it.
    private var pendingJoiner: Int?

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
            if token.kind == .qualifierWord {
                try qualifierWord(token)
                previousSolid = token.kind
                continue
            }
            if let pending = pendingQualifier, token.kind != .space, !token.kind.isMarker {
                // A qualifier must stand next to its noun.
                throw resolution.qualifierError(start: pending.start, end: pending.end)
            }
            switch state {
            case .beforeNumber: try beforeNumber(token)
            case .inDigits: try inDigits(token)
            case .afterSeparator: try afterSeparator(token)
            case .afterUnit: try afterUnit(token)
            case .afterNumber: try afterNumber(token)
            case .inTrailingDigits: try inTrailingDigits(token)
            }
            if token.kind != .space { previousSolid = token.kind }
        }
        try finish()
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
        case .marker(let marker):
            guard marker.role == .currency else { throw unexpected(token) }
            if let scale = marker.scale {
                // TEUR 500: a scaled symbol before the number multiplies it too.
                guard result.prefixMultiplier == nil else { throw invalid(token) }
                result.prefixMultiplier = (scale, token.start)
            }
            try addMarker(token, marker, side: .before, multiplier: marker.compactExponent)
        case .digits(let zero):
            try result.number.appendDigits(zero: zero, start: token.start, end: token.end, in: lexer.bytes)
            state = .inDigits
        case .separator(let separator):
            // ".5": a leading separator starts the number (inference checks it can be decimal).
            result.number.appendSeparator(separator, start: token.start, end: token.end)
            state = .afterSeparator
        case .unit(let exponent):
            // 十五, 万, 만 원: a unit with no digits before it counts once.
            try applyUnit(token, exponent: exponent, isYuan: false)
            state = .afterUnit
        case .spelledNumber(let value):
            // A number in words (§8) is whole: what may follow it is what follows digits
            // once they end (a marker, a multiplier, a joiner and the minor part).
            result.number.appendSpelledNumber(value, start: token.start, end: token.end)
            endNumber()
        case .receiptPrefix:
            break
        case .multiplier(let multiplier):
            guard result.prefixMultiplier == nil else { throw invalid(token) }
            result.prefixMultiplier = (multiplier.exponent, token.start)
        case .closeParen:
            throw MoneyParseError(openParenthesis == nil ? .unbalancedParentheses : .missingNumber,
                                  offset: token.start, excerpt: ")")
        case .dash, .yuan, .exactly, .receiptSuffix, .regionQualifier, .slashDash, .qualifierWord, .joiner, .chequeFraction, .end:
            throw unexpected(token)
        }
    }

    private mutating func inDigits(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits(let zero):
            // The lexer ends a digit run only where the digit system changes.
            try result.number.appendDigits(zero: zero, start: token.start, end: token.end, in: lexer.bytes)
        case .separator(let separator):
            result.number.appendSeparator(separator, start: token.start, end: token.end)
            state = .afterSeparator
        case .space:
            // A space between digits groups them (SI style, `40 130`); before a unit or a
            // multiplier it belongs to the number (`1 万`, `2,5 Mio.`); otherwise it ends it.
            switch try lexer.peek().kind {
            case .digits where !minorPartFollows():
                result.number.appendSeparator(.space, start: token.start, end: token.end)
                state = .afterSeparator
            case .digits:
                // £5 50p: the digits are the minor part, not a group.
                endNumber()
            case .unit, .yuan, .multiplier:
                break
            case .separator, .space, .minus, .plus, .openParen, .closeParen, .dash, .marker, .exactly, .receiptPrefix,
                 .receiptSuffix, .regionQualifier, .slashDash, .qualifierWord, .joiner, .spelledNumber, .chequeFraction, .end:
                endNumber()
            }
        case .unit(let exponent):
            try applyUnit(token, exponent: exponent, isYuan: false)
            state = .afterUnit
        case .yuan(let exponent):
            try applyUnit(token, exponent: exponent, isYuan: true)
            state = .afterUnit
        case .minus, .plus, .openParen, .closeParen, .dash, .marker, .exactly, .receiptPrefix, .receiptSuffix,
             .multiplier, .regionQualifier, .slashDash, .qualifierWord, .joiner, .spelledNumber, .chequeFraction, .end:
            endNumber()
            try afterNumber(token)
        }
    }

    private mutating func afterSeparator(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits(let zero):
            try result.number.appendDigits(zero: zero, start: token.start, end: token.end, in: lexer.bytes)
            state = .inDigits
        case .space:
            // "105. –": spaces may stand between the separator and a "no cents" dash.
            let next = try lexer.peek().kind
            if result.number.hasDigits, next == .minus || next == .dash { break }
            endNumber()
            try afterNumber(token)
        case .minus, .dash:
            // "50,-" and "Fr. 5.–": no cents.
            guard result.number.hasDigits else { throw unexpected(token) }
            result.number.appendDash(end: token.end)
            state = .afterNumber
        case .separator:
            throw MoneyParseError(.invalidGrouping, offset: token.start, excerpt: excerpt(token))
        case .unit, .yuan:
            throw unexpected(token)
        case .plus, .openParen, .closeParen, .marker, .exactly, .receiptPrefix, .receiptSuffix, .multiplier,
             .regionQualifier, .slashDash, .qualifierWord, .joiner, .spelledNumber, .chequeFraction, .end:
            endNumber()
            try afterNumber(token)
        }
    }

    private mutating func afterUnit(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits(let zero):
            try result.number.appendDigits(zero: zero, start: token.start, end: token.end, in: lexer.bytes)
            state = .inDigits
        case .unit(let exponent):
            try applyUnit(token, exponent: exponent, isYuan: false)
        case .yuan(let exponent):
            try applyUnit(token, exponent: exponent, isYuan: true)
        case .space:
            // Korean groups may be spaced: 3억 5천만 원.
            switch try lexer.peek().kind {
            case .digits, .unit:
                break
            case .separator, .space, .minus, .plus, .openParen, .closeParen, .dash, .marker, .yuan, .exactly,
                 .receiptPrefix, .receiptSuffix, .multiplier, .regionQualifier, .slashDash, .qualifierWord, .joiner,
                 .spelledNumber, .chequeFraction, .end:
                endNumber()
            }
        case .exactly:
            endNumber()
        case .multiplier:
            throw invalid(token)
        case .separator:
            throw unexpected(token)
        case .minus, .plus, .openParen, .closeParen, .dash, .marker, .receiptPrefix, .receiptSuffix, .regionQualifier,
             .slashDash, .qualifierWord, .joiner, .spelledNumber, .chequeFraction, .end:
            endNumber()
            try afterNumber(token)
        }
    }

    private mutating func afterNumber(_ token: Token) throws(MoneyParseError) {
        let justEnded = numberJustEnded
        numberJustEnded = false
        let followsMultiplier = afterMultiplier
        if token.kind != .space { afterMultiplier = token.kind.isMultiplier }
        if case .digits(let zero) = token.kind, followsMultiplier {
            // Digits touching a multiplier are a numeral out of place (`1M5`, §4b); after a
            // space they begin the next group of scale words (`214 milyar 543 milyon`, §7),
            // which a smaller scale word must end.
            guard previousSolid.isMultiplier, result.number.extent.map({ token.start > $0.upperBound }) ?? true, result.trailingDigits == nil,
                  result.firstMarker?.side != .after, pendingParticle == nil else {
                let end = token.start + Characters.decode(lexer.bytes, at: token.start).length
                throw MoneyParseError(.invalidNumeral, offset: token.start, excerpt: lexer.excerpt(token.start, end))
            }
            try result.number.appendDigits(zero: zero, start: token.start, end: token.end, in: lexer.bytes)
            state = .inDigits
            return
        }
        if pendingJoiner != nil, token.kind != .space, !token.kind.isDigits, !token.kind.isUnit, !token.kind.isSpelledNumber,
           !token.kind.isChequeFraction {
            // A joiner is followed by the minor part's digits.
            throw unexpected(token)
        }
        switch token.kind {
        case .space:
            numberJustEnded = justEnded
        case .joiner where pendingJoiner == nil && minorPartMayFollow(justEnded: justEnded):
            // 8 euros con 40, 3 dollars and 50 cents, £5 and 50p (§7).
            pendingJoiner = token.start
            numberJustEnded = justEnded
        case .digits where pendingJoiner != nil ? result.trailingDigits == nil : minorPartMayFollow(justEnded: justEnded),
             .unit where pendingJoiner != nil && result.trailingDigits == nil:
            // 5 zł 50 gr, 20 euros 50, 35€99, 35€ 99, 十美元又五十美分 (a minor part in unit form
            // has no digits, so no digit system yet).
            pendingJoiner = nil
            let zero: UInt32 = if case .digits(let zero) = token.kind { zero } else { 0 }
            result.trailingDigits = TrailingDigits(zero: zero, start: token.start, end: token.start)
            state = .inTrailingDigits
            try inTrailingDigits(token)
        case .joiner where pendingJoiner == nil && result.trailingDigits == nil && result.minorMarker == nil && nextIsChequeFraction():
            // … and 56/100 dollars (§8).
            pendingJoiner = token.start
            numberJustEnded = justEnded
        case .chequeFraction(let numerator, let exponent)
            where result.trailingDigits == nil && result.minorMarker == nil && result.qualifier == nil
                && (pendingJoiner != nil || justEnded || previousSolid.isMarker):
            // One thousand two hundred thirty-four and 56/100 dollars; MIL PESOS 00/100 M.N.
            pendingJoiner = nil
            var trailing = TrailingDigits(value: UInt128(numerator), count: Int(exponent), zero: 0x30, start: token.start, end: token.end)
            trailing.isChequeFraction = true
            result.trailingDigits = trailing
            state = .inTrailingDigits
        case .spelledNumber(let value) where pendingJoiner != nil ? result.trailingDigits == nil : minorPartMayFollow(justEnded: justEnded):
            // douze euros cinquante, twelve dollars and fifty cents (§8): the minor part in
            // words, read as its digits would be.
            pendingJoiner = nil
            let digits = String(value).utf8.count
            result.trailingDigits = TrailingDigits(value: UInt128(value), count: digits, zero: 0x30, start: token.start, end: token.end)
            state = .inTrailingDigits
        case .marker(let marker) where marker.role == .minorUnit:
            // 50 cents, 99p: the amount in minor units (a marker after it would be a second one).
            guard result.firstMarker == nil, result.minorMarker == nil, result.qualifier == nil else {
                throw MoneyParseError(.multipleMarkers, offset: token.start, excerpt: excerpt(token))
            }
            result.minorMarker = PlacedMarker(match: marker.match, start: token.start, end: token.end, side: .after)
        case .marker(let marker):
            if let qualifier = regionQualifier(token, marker) {
                result.qualifier = qualifier
                break
            }
            guard result.minorMarker == nil, result.qualifier == nil else {
                throw MoneyParseError(.multipleMarkers, offset: token.start, excerpt: excerpt(token))
            }
            pendingParticle = nil
            // A compact affix that is also a symbol (`K`) may be a multiplier only right
            // after the number.
            let attached = justEnded && result.firstMarker?.side != .after && !result.number.units.used
            if let scale = marker.scale {
                // 500 TEUR: a scaled symbol multiplies the number it follows.
                guard justEnded, result.firstMarker?.side != .after else { throw invalid(token) }
                try applyMultiplier(scale, at: token.start)
            }
            try addMarker(token, marker, side: .after, multiplier: attached ? marker.compactExponent : nil)
        case .regionQualifier(let name):
            guard result.firstMarker != nil, result.qualifier == nil, result.minorMarker == nil else {
                throw unexpected(token)
            }
            result.qualifier = Qualifier(name: name, start: token.start, end: token.end)
        case .slashDash:
            // A lenient-mode price tag (§7): strict mode reads only the locale's own format.
            guard justEnded, !sawSlashDash, result.firstMarker?.side != .after, !resolution.strict else {
                throw unexpected(token)
            }
            sawSlashDash = true
            numberJustEnded = true
        case .multiplier(let multiplier):
            guard justEnded, result.firstMarker?.side != .after, !sawSlashDash else { throw invalid(token) }
            try applyMultiplier(multiplier.exponent, at: token.start, isScaleWord: multiplier.isScaleWord)
            result.number.extend(to: token.end)
            numberJustEnded = true
            if multiplier.endsWithParticle { pendingParticle = token.start }
        case .minus where result.number.endsWithDash, .dash where result.number.endsWithDash:
            // `Fr. 5.--`: a second dash right after a "no cents" dash belongs to it; any other
            // minus after one could be either, so it is no sign (never a guess).
            guard previousSolid == .minus || previousSolid == .dash, token.start == result.number.extent?.upperBound,
                  !sawDoubleDash else { throw unexpected(token) }
            sawDoubleDash = true
            result.number.appendDash(end: token.end)
        case .minus:
            guard result.trailingDigits == nil, result.qualifier == nil else { throw unexpected(token) }
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
        case .exactly where previousSolid.isMarker && result.firstMarker?.side == .after && !sawExactly:
            // 美元整, 원정: "exactly" right after the currency that ends the amount (§7).
            sawExactly = true
        case .plus, .openParen:
            throw MoneyParseError(signOffset == nil ? .unexpectedCharacter : .multipleSigns,
                                  offset: token.start, excerpt: excerpt(token))
        case .unit, .yuan:
            throw invalid(token)
        case .digits, .separator, .dash, .exactly, .receiptPrefix, .qualifierWord, .joiner, .spelledNumber, .chequeFraction, .end:
            throw unexpected(token)
        }
    }

    /// Digits after the amount's marker, then optionally spaces and a minor-unit form.
    private mutating func inTrailingDigits(_ token: Token) throws(MoneyParseError) {
        switch token.kind {
        case .digits(let zero) where result.minorMarker == nil && (result.trailingDigits!.end == token.start):
            // The number's digits and these are of one system (a number of units alone, 十, has none).
            guard zero == result.trailingDigits!.zero, zero == result.number.digitZero || result.number.digitZero == 0 else {
                throw MoneyParseError(.mixedDigitSystems, offset: token.start, excerpt: excerpt(token))
            }
            var index = token.start
            while index < token.end {
                let (scalar, length) = Characters.decode(lexer.bytes, at: index)
                index += length
                let digits = result.trailingDigits!.count
                if digits < ExactDecimal.maximumDigits {
                    result.trailingDigits!.value = result.trailingDigits!.value * 10 + UInt128(DigitSystems.digit(scalar)?.value ?? 0)
                }
                result.trailingDigits!.count = digits + 1
            }
            result.trailingDigits!.end = token.end
        case .unit(let exponent) where result.minorMarker == nil && result.trailingDigits!.end == token.start && exponent >= 1
            && exponent <= 3 && UnitState.exponent(exponent, isBelow: result.trailingDigits!.lastUnit):
            // 五十 in 十美元又五十美分: 十百千 within the minor part (a unit alone counts once).
            var trailing = result.trailingDigits!
            let coefficient = trailing.count == 0 ? 1 : trailing.value
            // Saturating: a term this large is no minor part, and the check of the minor part
            // (below one major unit) rejects it; it must neither trap nor wrap to a small value.
            let (term, overflow) = coefficient.multipliedReportingOverflow(by: ExactDecimal.powersOfTen[Int(exponent)])
            let (sum, carry) = trailing.unitTerms.addingReportingOverflow(overflow ? .max : UInt64(clamping: term))
            trailing.unitTerms = carry ? .max : sum
            trailing.value = 0
            trailing.count = 0
            trailing.lastUnit = exponent
            trailing.end = token.end
            result.trailingDigits = trailing
        case .space:
            break
        case .marker(let marker) where marker.role == .minorUnit && result.minorMarker == nil:
            result.minorMarker = PlacedMarker(match: marker.match, start: token.start, end: token.end, side: .after)
        case .closeParen where result.minorMarker != nil:
            try afterNumber(token)
        case .marker(let marker) where result.trailingDigits!.isChequeFraction && result.firstMarker == nil && marker.role == .currency:
            // … and 56/100 dollars: the currency after the fraction.
            try addMarker(token, marker, side: .after, multiplier: nil)
        case .regionQualifier where result.trailingDigits!.isChequeFraction:
            // MIL QUINIENTOS PESOS 00/100 M.N.
            try afterNumber(token)
        case .digits, .unit, .marker, .closeParen, .separator, .minus, .plus, .openParen, .dash, .yuan, .exactly,
             .receiptPrefix, .receiptSuffix, .multiplier, .regionQualifier, .slashDash, .qualifierWord, .joiner,
             .spelledNumber, .chequeFraction, .end:
            throw unexpected(token)
        }
    }

    private mutating func finish() throws(MoneyParseError) {
        if !sawAnything { throw MoneyParseError(.empty) }
        if let pendingJoiner {
            // `8 euros con`: the joiner's minor part is missing.
            throw MoneyParseError(.unexpectedCharacter, offset: pendingJoiner,
                                  excerpt: lexer.excerpt(pendingJoiner, lexer.bytes.count))
        }
        if let pending = pendingQualifier {
            // `10 Indian`: a qualifier with no noun names no currency (§7).
            throw resolution.qualifierError(start: pending.start, end: pending.end)
        }
        if let pendingParticle {
            // `1,5 millones de`: the particle's unit word is missing.
            throw MoneyParseError(.unexpectedCharacter, offset: pendingParticle,
                                  excerpt: lexer.excerpt(pendingParticle, result.number.extent?.upperBound ?? lexer.bytes.count), detail: .particleWithoutUnitWord)
        }
        if let openParenthesis, !closedParenthesis {
            throw MoneyParseError(.unbalancedParentheses, offset: openParenthesis, excerpt: "(")
        }
        guard result.number.hasValue else {
            throw MoneyParseError(.missingNumber, offset: result.number.extent?.lowerBound)
        }
    }

    // MARK: Helpers

    /// Whether a minor part may follow here (§7): right after the amount's marker that follows
    /// the number (`5 zł 50 gr`, `20 euros 50`, `35€99`), or after a number whose marker
    /// stands before it (`£5 50p`, `35€ 99`).
    private func minorPartMayFollow(justEnded: Bool) -> Bool {
        guard result.trailingDigits == nil, result.minorMarker == nil, result.qualifier == nil else { return false }
        if previousSolid.isMarker, let first = result.firstMarker, first.side == .after {
            return result.secondMarker == nil && first.multiplier == nil
        }
        return justEnded && result.firstMarker?.side == .before
    }

    /// A qualifier word (§7): it joins the marker right before it, or the qualifier words
    /// right before it, or waits for the next marker; only spaces may stand between them.
    private mutating func qualifierWord(_ token: Token) throws(MoneyParseError) {
        if let pending = pendingQualifier {
            guard previousSolid == .qualifierWord else { throw resolution.qualifierError(start: pending.start, end: pending.end) }
            pendingQualifier = (pending.start, token.end)
            return
        }
        if previousSolid.isMarker || previousSolid == .qualifierWord, lastMarkerTakesQualifier {
            // The qualifier words after the marker extend its qualifier range.
            if result.secondMarker != nil {
                result.secondMarker!.qualifier = (result.secondMarker!.qualifier?.lowerBound ?? Int32(token.start))..<Int32(token.end)
            } else {
                result.firstMarker!.qualifier = (result.firstMarker!.qualifier?.lowerBound ?? Int32(token.start))..<Int32(token.end)
            }
            return
        }
        pendingQualifier = (token.start, token.end)
    }

    /// Whether the last marker read is a currency marker that a qualifier after it may join
    /// (a minor-unit form takes none).
    private var lastMarkerTakesQualifier: Bool {
        result.firstMarker != nil && result.minorMarker == nil
    }

    private mutating func endNumber() {
        state = .afterNumber
        numberJustEnded = true
    }

    /// Whether the next token that is not a space is a cheque's fraction (`and 56/100`).
    private mutating func nextIsChequeFraction() -> Bool {
        let saved = lexer.position
        defer { lexer.position = saved }
        while let token = try? lexer.next() {
            if token.kind == .space { continue }
            return token.kind.isChequeFraction
        }
        return false
    }

    /// After `£5` and a space: whether the coming digits are followed by a minor-unit form
    /// (`£5 50p`), so that they are the minor part and not an SI group.
    private mutating func minorPartFollows() -> Bool {
        guard result.firstMarker?.side == .before else { return false }
        let saved = lexer.position
        defer { lexer.position = saved }
        do {
            guard try lexer.next().kind.isDigits else { return false }
            var token = try lexer.next()
            if token.kind == .space { token = try lexer.next() }
            guard case .marker(let marker) = token.kind else { return false }
            return marker.role == .minorUnit
        } catch {
            return false
        }
    }

    /// A marker after the amount that is really a region qualifier (`$100 SR`: `SR` names
    /// Suriname): two upper-case letters of a region, after an amount whose marker cannot
    /// pair with it as an ISO code and its symbol.
    private func regionQualifier(_ token: Token, _ marker: MarkerToken) -> Qualifier? {
        guard let region = marker.region, let first = result.firstMarker, result.secondMarker == nil else { return nil }
        let placed = PlacedMarker(match: marker.match, start: token.start, end: token.end, side: .after)
        if first.multiplier == nil, resolution.pairs(first, placed) { return nil }
        return Qualifier(name: .region(region), start: token.start, end: token.end)
    }

    private mutating func applyMultiplier(_ exponent: Int8, at offset: Int, isScaleWord: Bool = false) throws(MoneyParseError) {
        try result.number.applyMultiplier(exponent: exponent, at: offset, isScaleWord: isScaleWord,
                                          reading: resolution.coefficientReading)
    }

    private mutating func applyUnit(_ token: Token, exponent: Int8, isYuan: Bool) throws(MoneyParseError) {
        // 亿 (U+4EBF) is simplified Chinese only; 億 is Japanese too, where 万億 is no number.
        let chinese = resolution.withProfile { $0.readsColloquialDigits }
            || exponent == 8 && Characters.decode(lexer.bytes, at: token.start).scalar == 0x4EBF
        try result.number.applyUnit(exponent: exponent, isYuan: isYuan, start: token.start, end: token.end,
                                    reading: resolution.coefficientReading, chineseHundredMillions: chinese)
        result.number.extend(to: token.end)
    }

    private mutating func setSign(_ token: Token, negative: Bool) throws(MoneyParseError) {
        if signOffset != nil {
            throw MoneyParseError(.multipleSigns, offset: token.start, excerpt: excerpt(token))
        }
        signOffset = token.start
        result.isNegative = negative
    }

    private mutating func addMarker(
        _ token: Token, _ marker: MarkerToken, side: MarkerSide, multiplier: Int8?
    ) throws(MoneyParseError) {
        let touches = side == .after && result.number.extent?.upperBound == token.start && !sawSlashDash
        var placed = PlacedMarker(match: marker.match, start: token.start, end: token.end, side: side, multiplier: multiplier,
                                  touchesNumber: touches)
        if let pending = pendingQualifier {
            // `australischen Dollar`: the qualifier words before the marker join it.
            placed.qualifier = Int32(pending.start)..<Int32(pending.end)
            pendingQualifier = nil
        }
        if result.firstMarker == nil {
            result.firstMarker = placed
        } else if let first = result.firstMarker, result.secondMarker == nil {
            // A second marker is only allowed as an ISO code paired with its symbol: when the
            // pair fails, the second marker is the first offending text. (If either may be a
            // multiplier, currency resolution checks the pair once that is decided.)
            if first.match == placed.match {
                throw MoneyParseError(.multipleMarkers, offset: token.start, excerpt: excerpt(token), detail: .repeatedMarker)
            }
            if first.multiplier == nil, placed.multiplier == nil, !resolution.pairs(first, placed) {
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
        if token.kind.isDigits || token.kind == .space {
            // Point at the first character only.
            end = token.start + Characters.decode(lexer.bytes, at: token.start).length
        }
        return MoneyParseError(.unexpectedCharacter, offset: token.start, excerpt: lexer.excerpt(token.start, end))
    }
}
