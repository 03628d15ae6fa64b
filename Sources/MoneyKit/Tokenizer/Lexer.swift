/// Splits UTF-8 input into tokens, one at a time (no token buffer, no allocation).
///
/// Character classes follow Docs/ParsingRules.md §2. Anything that is not a digit, separator,
/// sign, space or parenthesis must begin a currency marker, matched greedily (longest first)
/// against the global symbol table, the global word table (ISO codes, English names and unit
/// words) and the locale's name table, and never cutting a word (§7: a match that ends in a
/// letter before another letter falls back to a shorter one); otherwise it is an
/// ``MoneyParseError/Kind/unexpectedCharacter``. CJK and Korean numerals are digits and
/// units (a longer marker that starts with one wins: 일본 엔화), and after a number the
/// locale's compact affixes are multipliers.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The locale's profile, unmanaged and read through ``withProfile(_:)``: the parser holds
    /// the profile for the whole parse, so the lexer needs no reference of its own (a strong
    /// one cost a retain and a release per parse and per copy of the lexer).
    private let unmanagedProfile: Unmanaged<LocaleProfile>
    // The marker tables, borrowed for the parse as plain pointers (no reference counting):
    // the global tables live as long as the process, the locale's as long as its profile.
    private let symbols: MarkerTrie.DoubleArrayView
    private let words: MarkerTrie.DoubleArrayView
    private let names: MarkerTrie.View
    private let symbolHot: UnsafePointer<GlobalMarkers.HotTable>
    private let wordHot: UnsafePointer<GlobalMarkers.HotTable>
    // The locale's marker tables and compact affixes, built now if this is the locale's
    // first general parse (LocaleProfile.swift). Unmanaged, read through `withMarkers` and
    // `withCompact`: the profile above keeps them alive, and neither a read nor a copy of the
    // lexer costs reference counting. (Measured with callgrind over every corpus amount:
    // reading them through the profile's lazy references, as unowned(unsafe) fields or as
    // strong fields cost 350-400 instructions per parse in retains and releases.)
    private let markerTables: Unmanaged<CurrencyConventions.Markers>
    private let compactAffixes: Unmanaged<CompactAffixes>

    @inline(__always)
    private func withProfile<Result>(_ body: (LocaleProfile) -> Result) -> Result {
        unmanagedProfile._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    private func withMarkers<Result>(_ body: (CurrencyConventions.Markers) -> Result) -> Result {
        markerTables._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    private func withCompact<Result>(_ body: (CompactAffixes) -> Result) -> Result {
        compactAffixes._withUnsafeGuaranteedRef(body)
    }
    /// The currency hint: symbols of currencies no longer current, and supplement forms
    /// outside their scope, are markers only for it.
    let hint: Currency?
    /// Whether numbers written in words are read (§8): only in the parse's second reading,
    /// after the first failed in lenient mode, so words never cost a digit amount anything.
    let readsNumberWords: Bool
    private(set) var index = 0
    /// Whether the last token is a run of digits.
    private var previousIsDigits = false
    /// The last token that was not a space (`.end` before the first).
    private var lastSolid: Token.Kind = .end

    /// A lexer over `bytes` with the locale's marker tables and compact affixes
    /// (``CurrencyConventions/markers``, ``LocaleProfile/compact``, given when the caller
    /// holds them already).
    @inline(__always)
    init(bytes: UnsafeBufferPointer<UInt8>, profile: LocaleProfile, markers: Unmanaged<CurrencyConventions.Markers>? = nil,
         compact: Unmanaged<CompactAffixes>? = nil, hint: Currency?, readsNumberWords: Bool = false) {
        self.bytes = bytes
        self.readsNumberWords = readsNumberWords
        self.unmanagedProfile = Unmanaged.passUnretained(profile)
        self.hint = hint
        let global = GlobalMarkers.shared
        self.symbols = global.symbols.doubleArrayView
        self.words = global.words.doubleArrayView
        let markers = markers ?? profile.currencies.unmanagedMarkers
        self.markerTables = markers
        self.compactAffixes = compact ?? profile.unmanagedCompact
        self.names = markers._withUnsafeGuaranteedRef { $0.names.view }
        self.symbolHot = global.symbolHot
        self.wordHot = global.wordHot
    }

    /// Where the lexer stands in the input: what a look-ahead restores.
    struct Position {
        fileprivate var index: Int
        fileprivate var previousIsDigits: Bool
        fileprivate var lastSolid: Token.Kind
    }

    /// The lexer's position, saved before a look-ahead and restored after it. (Looking ahead
    /// on a copy of the lexer cost a retain and a release of the profile per copy.)
    var position: Position {
        get { Position(index: index, previousIsDigits: previousIsDigits, lastSolid: lastSolid) }
        set { (index, previousIsDigits, lastSolid) = (newValue.index, newValue.previousIsDigits, newValue.lastSolid) }
    }

    /// The token after the current one, without consuming anything.
    mutating func peek() throws(MoneyParseError) -> Token {
        let saved = position
        defer { position = saved }
        return try next()
    }

    /// The next token.
    mutating func next() throws(MoneyParseError) -> Token {
        let token = try scan()
        previousIsDigits = token.kind.isDigits
        if token.kind != .space { lastSolid = token.kind }
        return token
    }

    /// Whether the last solid token belongs to a number (compact suffixes, further scale
    /// words and yuan units may follow).
    private var afterNumber: Bool {
        switch lastSolid {
        case .digits, .unit, .yuan, .separator, .multiplier, .spelledNumber, .chequeFraction: true
        case .space, .minus, .plus, .openParen, .closeParen, .dash, .marker, .exactly, .receiptPrefix, .receiptSuffix,
             .regionQualifier, .slashDash, .qualifierWord, .joiner, .end: false
        }
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

        if let numeral = Numerals.kind(scalar) {
            if let token = numeralToken(numeral, start: start, length: length) ?? wordToken(start: start) { return token }
            throw unexpectedText(at: start, length: length)
        }

        if let digit = DigitSystems.digit(scalar) {
            if readsNumberWords, let fraction = chequeFraction(at: start) {
                index = fraction.end
                return Token(kind: .chequeFraction(numerator: fraction.numerator, exponent: fraction.exponent), start: start,
                             end: fraction.end)
            }
            return digitRun(zero: digit.zero, start: start, length: length)
        }

        let canonical = Characters.canonical(scalar)
        if let separator = SeparatorClass.universal(canonical) {
            index += length
            return Token(kind: .separator(separator), start: start, end: index)
        }
        if let separator = localeSeparator(canonical, after: index + length) {
            index += length
            return Token(kind: .separator(separator), start: start, end: index)
        }
        if let separator = priceTagSeparator(canonical, after: index + length) {
            index += length
            return Token(kind: .separator(separator), start: start, end: index)
        }
        if Characters.isMinus(scalar) {
            index += length
            // Dutch bookkeeping writes minus as `-/-` (§7).
            if withProfile({ $0.readsDutchNegatives }), let end = slashThen(Characters.isMinus, at: index) { index = end }
            return Token(kind: .minus, start: start, end: index)
        }
        if canonical == 0x2F {
            // `/-` and, in East Africa, `/=` after an amount: "exactly" (§7).
            if withProfile({ $0.readsSlashDashPrices }), let end = slashThen(Characters.isMinus, at: start) {
                index = end
                return Token(kind: .slashDash, start: start, end: index)
            }
            if withProfile({ $0.readsSlashEqualsPrices }), let end = slashThen({ Characters.canonical($0) == 0x3D }, at: start) {
                index = end
                return Token(kind: .slashDash, start: start, end: index)
            }
        }
        // Japanese bookkeeping marks a negative amount with △ or ▲ before it; `\` is the yen
        // sign as JIS keyboards and Shift-JIS text show it (§7).
        if scalar == 0x25B3 || scalar == 0x25B2, withProfile({ $0.readsJapaneseReceipts }), !afterNumber {
            index += length
            return Token(kind: .minus, start: start, end: index)
        }
        if canonical == 0x5C, withProfile({ $0.readsJapaneseReceipts }) {
            index += length
            return Token(kind: .marker(MarkerToken(match: GlobalMarkers.shared.yenSign)), start: start, end: index)
        }
        // 금 of Korean cheque wording (일금 is read where numerals are).
        if scalar == 0xAE08, withProfile({ $0.readsKoreanCheques }), !afterNumber, let end = koreanChequePrefix(at: start) {
            index = end
            return Token(kind: .receiptPrefix, start: start, end: end)
        }
        // A few currency names begin with a parenthesis ("(unbekannte Währung)" for XXX).
        if canonical == 0x28, let (end, marker) = matchMarker(from: start) {
            index = end
            return Token(kind: .marker(MarkerToken(match: marker)), start: start, end: end)
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
        if readsNumberWords, let spelled = spelledNumberToken(start: start) { return spelled }
        if let token = wordToken(start: start) { return token }
        throw unexpectedText(at: start, length: length)
    }

    /// A cheque's fraction at `start` (§8): ASCII digits, `/`, then 1 and zeros, as many zeros
    /// as digits at least (`56/100`, `5/100`, `00/100`), not followed by a digit.
    private func chequeFraction(at start: Int) -> (end: Int, numerator: UInt64, exponent: Int8)? {
        var index = start
        var numerator: UInt64 = 0
        while index < bytes.count, bytes[index] &- 0x30 < 10, index - start < 4 {
            numerator = numerator * 10 + UInt64(bytes[index] - 0x30)
            index += 1
        }
        let digits = index - start
        guard index + 2 < bytes.count, bytes[index] == 0x2F, bytes[index + 1] == 0x31 else { return nil }
        index += 2
        var zeros = 0
        while index < bytes.count, bytes[index] == 0x30, zeros < 4 {
            zeros += 1
            index += 1
        }
        guard zeros >= 1, digits <= zeros, index == bytes.count || bytes[index] &- 0x30 >= 10 else { return nil }
        return (index, numerator, Int8(zeros))
    }

    /// A number written in words (§8) where a number may begin: at the start, after a sign
    /// or marker, or after a joiner (not right after another number: `twelve fifty` is two).
    /// A marker that reaches further wins (`one` is no marker anywhere, but a language's
    /// currency name may begin with a number word).
    private mutating func spelledNumberToken(start: Int) -> Token? {
        guard !lastSolid.isDigits, !lastSolid.isSpelledNumber, !lastSolid.isUnit, !lastSolid.isMultiplier,
              let reading = withProfile({ profile in
                  SpelledNumberReader.read(bytes, from: start, own: profile.numberWords, readsEnglish: !profile.readsOnlyEnglishWords)
              }) else { return nil }
        if let marker = matchMarker(from: start), marker.end > reading.end { return nil }
        if let last = reading.lastScale, let compact = matchCompact(from: last.start, side: .after), compact.end > reading.end {
            // `deux millions d'euros`: the scale word is read as a multiplier with its particle.
            index = last.endBefore
            return Token(kind: .spelledNumber(last.valueBefore), start: start, end: last.endBefore)
        }
        index = reading.end
        return Token(kind: .spelledNumber(reading.value), start: start, end: reading.end)
    }

    /// The end of a `/` at `start` followed by a character that `follows` accepts (`/-`,
    /// `/=`), or nil.
    private func slashThen(_ follows: (UInt32) -> Bool, at start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        let (slash, slashLength) = Characters.decode(bytes, at: start)
        guard Characters.canonical(slash) == 0x2F, start + slashLength < bytes.count else { return nil }
        let (next, nextLength) = Characters.decode(bytes, at: start + slashLength)
        return follows(next) ? start + slashLength + nextLength : nil
    }

    /// The end of Korean cheque wording before an amount, 일금 or 금 ("the sum of"), or nil.
    private func koreanChequePrefix(at start: Int) -> Int? {
        var index = start
        var (scalar, length) = Characters.decode(bytes, at: index)
        if scalar == 0xC77C, index + length < bytes.count {  // 일
            index += length
            (scalar, length) = Characters.decode(bytes, at: index)
        }
        guard scalar == 0xAE08 else { return nil }  // 금
        index += length
        return Characters.wordLetterFollows(bytes, at: index) ? nil : index
    }

    /// Whether every character between two offsets is a CJK or Korean numeral.
    private func isNumeralsOnly(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let (scalar, length) = Characters.decode(bytes, at: index)
            guard Numerals.kind(scalar) != nil else { return false }
            index += length
        }
        return true
    }

    /// A run of digits of one system from `start`.
    private mutating func digitRun(zero: UInt32, start: Int, length: Int) -> Token {
        index = start + length
        if zero == DigitSystems.asciiZero {
            // ASCII digits first, with no decoding (fullwidth digits, also of this system,
            // continue below): eight bytes at a time while eight remain, which also finds the
            // end of a short run in one step; the last few bytes one at a time. A run that
            // ends at an ASCII byte ends there.
            while index + 8 <= bytes.count {
                let digits = EightBytes(bytes, at: index).leadingDigitCount
                index += digits
                if digits < 8 {
                    if bytes[index] < 0x80 { return Token(kind: .digits(zero: zero), start: start, end: index) }
                    break
                }
            }
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
        }
        while index < bytes.count {
            let (next, nextLength) = Characters.decode(bytes, at: index)
            guard let nextDigit = DigitSystems.digit(next), nextDigit.zero == zero else { break }
            index += nextLength
        }
        return Token(kind: .digits(zero: zero), start: start, end: index)
    }

    /// A CJK or Korean numeral character as a token, or nil when it is read as text here
    /// (a longer marker starts with it, or it is a yuan unit, 整 or a receipt word out of place).
    private mutating func numeralToken(_ numeral: Numerals.Kind, start: Int, length: Int) -> Token? {
        let end = start + length
        // 일본 엔화: a marker, not 일, and 일본 a qualifier (only a few numerals begin a longer
        // marker or qualifier word).
        if withMarkers({ $0.numeralBeginsMarker(Characters.decode(bytes, at: start).scalar) }) {
            if let marker = matchMarker(from: start), marker.end > end { return nil }
            // A qualifier word made of numerals only (오만, Oman) is a number.
            if let qualifier = withMarkers({ $0.qualifier(in: bytes, from: start) }), qualifier.end > end,
               !isNumeralsOnly(start, qualifier.end) { return nil }
        }
        switch numeral {
        case .digit where withProfile({ $0.readsKoreanCheques }) && !afterNumber:
            // 일금: cheque wording, not the numeral 일.
            if let prefix = koreanChequePrefix(at: start) {
                index = prefix
                return Token(kind: .receiptPrefix, start: start, end: prefix)
            }
            return digitRun(zero: Numerals.digit(Characters.decode(bytes, at: start).scalar)!.zero, start: start, length: length)
        case .digit:
            return digitRun(zero: Numerals.digit(Characters.decode(bytes, at: start).scalar)!.zero, start: start, length: length)
        case .unit(let exponent):
            // A longer compact affix (万亿 in zh) after plain digits is one multiplier (after
            // other units it is read unit by unit: 壹仟万亿, §4b).
            if lastSolid.isDigits || lastSolid.isSeparator, let compact = matchCompact(from: start, side: .after),
               compact.end > end {
                index = compact.end
                return Token(kind: .multiplier(MultiplierToken(exponent: compact.affix.exponent)), start: start, end: compact.end)
            }
            index = end
            return Token(kind: .unit(exponent: exponent), start: start, end: end)
        case .yuan(let exponent):
            // 元 before a number, or after a multiplier (3万亿元), is CNY's symbol (ja, zh).
            guard afterNumber, !lastSolid.isMultiplier else { return nil }
            index = end
            return Token(kind: .yuan(exponent: exponent), start: start, end: end)
        case .cantonese(let exponent):
            guard afterNumber, withProfile({ $0.readsCantonese }) else { return nil }
            index = end
            return Token(kind: .yuan(exponent: exponent), start: start, end: end)
        case .exactly:
            // After yuan units (元整), or after a currency marker (美元整, 원정).
            guard lastSolid.isYuan || lastSolid.isMarker else { return nil }
            index = end
            return Token(kind: .exactly, start: start, end: end)
        case .minusSign:
            // 负 / 負 before digits or numerals (§7).
            guard !afterNumber, end < bytes.count else { return nil }
            let next = Characters.decode(bytes, at: end).scalar
            guard DigitSystems.digit(next) != nil || Numerals.kind(next) != nil else { return nil }
            index = end
            return Token(kind: .minus, start: start, end: end)
        case .receiptPrefix:
            guard withProfile({ $0.readsJapaneseReceipts }), !afterNumber else { return nil }
            index = end
            return Token(kind: .receiptPrefix, start: start, end: end)
        case .receiptSuffix:
            guard withProfile({ $0.readsJapaneseReceipts }), lastSolid != .end else { return nil }
            index = end
            return Token(kind: .receiptSuffix, start: start, end: end)
        }
    }

    /// Text: a currency marker, a compact multiplier, or both (the resolver decides); else
    /// a region qualifier.
    private mutating func wordToken(start: Int) -> Token? {
        let marker = matchMarker(from: start)
        if Lexer.mayBeginFinanceNotation(bytes[start]), marker.map({ $0.end < start + 4 }) ?? true,
           let scaled = financeNotation(at: start) {
            index = scaled.end
            return scaled
        }
        let compact = matchCompact(from: start, side: afterNumber ? .after : .before)
        if let compact, compact.end > (marker?.end ?? -1) {
            index = compact.end
            let multiplier = MultiplierToken(exponent: compact.affix.exponent, endsWithParticle: compact.affix.endsWithParticle,
                                             isScaleWord: compact.affix.isWord)
            return Token(kind: .multiplier(multiplier), start: start, end: compact.end)
        }
        guard let marker else {
            if let region = regionLetters(start) {
                index = start + 2
                return Token(kind: .regionQualifier(.region(region)), start: start, end: index)
            }
            // After an amount's marker or number: a joiner before its minor part (§7).
            if lastSolid.isMarker || lastSolid.isDigits || lastSolid.isUnit || lastSolid.isSpelledNumber,
               let end = withProfile({ $0.joiners.match(in: bytes, from: start) }) {
                index = end
                return Token(kind: .joiner, start: start, end: end)
            }
            // A unit word or scale word with one of the language's case endings (`forintot`).
            if let inflected = inflectedWord(at: start) {
                index = inflected.end
                return inflected
            }
            // A qualifier of a currency's name: the state machine pairs it with a noun.
            guard let qualifier = withMarkers({ $0.qualifier(in: bytes, from: start) }) else { return nil }
            index = qualifier.end
            return Token(kind: .qualifierWord, start: start, end: qualifier.end)
        }
        index = marker.end
        let match = marker.marker
        var token = MarkerToken(match: match, compactExponent: compact?.end == marker.end ? compact!.affix.exponent : nil)
        let symbolRole = match.symbol.map { symbolHot.pointee.role[Int($0)] }
        let wordRole = match.word.map { wordHot.pointee.role[Int($0)] }
        if match.name != nil || symbolRole == .currency || wordRole == .currency {
            token.role = isMinorHere(match) ? .minorUnit : .currency
        } else {
            token.role = symbolRole ?? wordRole ?? .currency
        }
        if token.role == .qualifier {
            return Token(kind: .regionQualifier(.supplement(match)), start: start, end: marker.end)
        }
        token.scale = scale(of: match)
        if marker.end == start + 2 { token.region = regionLetters(start) }
        return Token(kind: .marker(token), start: start, end: marker.end)
    }

    /// A whole word that is a unit word of the locale's names, or a scale word, followed by
    /// one of the language's case endings (§7: `5000 forintot`, `28,5 milliárd euróra`,
    /// `liraya`, `eurolla`, `716 miljoni euro`), as a marker or multiplier token; nil otherwise.
    private func inflectedWord(at start: Int) -> Token? {
        guard let endings = withProfile({ $0.endings }) else { return nil }
        var end = start
        while end < bytes.count {
            let (scalar, length) = Characters.decode(bytes, at: end)
            guard Characters.isWordLetter(Characters.canonical(scalar)) else { break }
            end += length
        }
        guard end > start else { return nil }
        for ending in endings.endings {
            guard let stemEnd = stemEnd(before: ending, start: start, end: end),
                  let token = stemToken(start: start, stemEnd: stemEnd, end: end) else { continue }
            return token
        }
        return nil
    }

    /// Where the stem of the word between `start` and `end` ends when the word's folded end
    /// spells `ending` (folded key bytes), on a scalar boundary; nil otherwise.
    private func stemEnd(before ending: [UInt8], start: Int, end: Int) -> Int? {
        var remaining = ending.count
        var position = end
        while remaining > 0 {
            guard position > start else { return nil }
            let boundary = Characters.startOfScalar(endingAt: position, notBefore: start, in: bytes)
            let canonical = Characters.canonical(Characters.decode(bytes, at: boundary).scalar)
            position = boundary
            if MarkerKey.isRemovedByFolding(canonical) { continue }
            guard let folded = MarkerKey.foldedScalar(canonical) else { return nil }
            var length = 0
            Characters.forEachUTF8Byte(of: folded) { _ in length += 1 }
            guard length <= remaining else { return nil }
            var offset = remaining - length
            var matches = true
            Characters.forEachUTF8Byte(of: folded) { byte in
                if ending[offset] != byte { matches = false }
                offset += 1
            }
            guard matches else { return nil }
            remaining -= length
        }
        return position
    }

    /// A marker or multiplier token for a whole unit word or scale word between `start` and
    /// `stemEnd`, extended to `end` (the ending after it).
    private func stemToken(start: Int, stemEnd: Int, end: Int) -> Token? {
        var scalars = 0
        var index = start
        while index < stemEnd {
            index += Characters.decode(bytes, at: index).length
            scalars += 1
        }
        guard scalars >= WordEndings.shortestStem else { return nil }
        let stem = UnsafeBufferPointer(rebasing: bytes[start..<stemEnd])
        if let name = withMarkers({ MarkerKey.longestMatch(in: stem, from: 0, trie: $0.names, folded: true) }),
           name.end == stem.count {
            let info = withMarkers { $0.nameInfos[Int(name.value)] }
            if !info.unitWords.isEmpty || !info.names.isEmpty {
                return Token(kind: .marker(MarkerToken(match: MarkerMatch(name: name.value))), start: start, end: end)
            }
        }
        if let word = MarkerKey.longestMatch(in: stem, from: 0, trie: GlobalMarkers.shared.words, folded: true),
           word.end == stem.count, !GlobalMarkers.shared.wordInfos[Int(word.value)].englishUnitWords.isEmpty {
            return Token(kind: .marker(MarkerToken(match: MarkerMatch(word: word.value))), start: start, end: end)
        }
        return withCompact { compact -> Token? in
            guard let affix = MarkerKey.longestMatch(in: stem, from: 0, trie: compact.trie, folded: true, accepting: {
                compact.affixes[Int($0)].sides.contains(.after)
            }), affix.end == stem.count else { return nil }
            let found = compact.affixes[Int(affix.value)]
            return Token(kind: .multiplier(MultiplierToken(exponent: found.exponent, isScaleWord: found.isWord)), start: start, end: end)
        }
    }

    /// Finance notation (§7): a multiplier letter written onto an ISO code, `k` or `K` and `T`
    /// (German Tausend) for thousands, `M` for millions (`500 kSEK`, `MNOK 3,5`, `12 TEUR`),
    /// read in every locale as the code's marker that also multiplies the amount.
    @inline(__always)
    private static func mayBeginFinanceNotation(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "k") || byte == UInt8(ascii: "K") || byte == UInt8(ascii: "T") || byte == UInt8(ascii: "M")
    }

    private func financeNotation(at start: Int) -> Token? {
        guard start + 4 <= bytes.count else { return nil }
        let exponent: Int8
        switch bytes[start] {
        case UInt8(ascii: "k"), UInt8(ascii: "K"), UInt8(ascii: "T"): exponent = 3
        case UInt8(ascii: "M"): exponent = 6
        default: return nil
        }
        let code = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(start + 4)])
        guard code.allSatisfy({ $0 &- 0x41 < 26 }), !Characters.wordLetterFollows(bytes, at: start + 4),
              CurrencyCatalog.shared.index(ofCode: code) != nil else { return nil }
        var node = MarkerTrie.root
        for byte in code { node = words.child(of: node, byte: byte | 0x20) }
        guard node >= 0, words.value(at: node) >= 0 else { return nil }
        let marker = MarkerToken(match: MarkerMatch(word: words.value(at: node)), scale: exponent)
        return Token(kind: .marker(marker), start: start, end: start + 4)
    }

    /// Whether a currency marker elsewhere is a minor unit in this locale: a supplement minor
    /// form scoped to include it (`Rp.`, the Rappen in Switzerland and the rupiah elsewhere).
    @inline(__always)
    private func isMinorHere(_ match: MarkerMatch) -> Bool {
        if let symbol = match.symbol, symbolHot.pointee.hasScopedMinor[Int(symbol)] {
            return withMarkers { $0.scoped(symbol: symbol) }.map { !$0.minor.isEmpty } ?? false
        }
        if let word = match.word, wordHot.pointee.hasScopedMinor[Int(word)] {
            return withMarkers { $0.scoped(word: word) }.map { !$0.minor.isEmpty } ?? false
        }
        return false
    }

    /// The power of ten a scaled marker multiplies by here (`mdd`, `lucas`), if it is one.
    @inline(__always)
    private func scale(of match: MarkerMatch) -> Int8? {
        if let symbol = match.symbol {
            if let global = symbolHot.pointee.scale[Int(symbol)] { return global }
            if symbolHot.pointee.hasScopedScale[Int(symbol)], let scale = withMarkers({ $0.scoped(symbol: symbol)?.scale }) {
                return scale
            }
        }
        if let word = match.word {
            if let global = wordHot.pointee.scale[Int(word)] { return global }
            if wordHot.pointee.hasScopedScale[Int(word)], let scale = withMarkers({ $0.scoped(word: word)?.scale }) {
                return scale
            }
        }
        return nil
    }

    /// Two upper-case ASCII letters at `start` that name a region with a currency today and
    /// end a word (`US` in `$100 US`), packed; nil otherwise.
    private func regionLetters(_ start: Int) -> UInt16? {
        guard start + 2 <= bytes.count, bytes[start] &- 0x41 < 26, bytes[start + 1] &- 0x41 < 26,
              !Characters.wordLetterFollows(bytes, at: start + 2) else { return nil }
        let packed = UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
        return CurrencyCatalog.shared.currencies(inRegion: packed).isEmpty ? nil : packed
    }

    /// A price-tag separator (§7): a colon between digits, or before a "no cents" dash, in
    /// Nordic locales (`12:50 kr`, `25:-`).
    private func priceTagSeparator(_ canonical: UInt32, after next: Int) -> SeparatorClass? {
        guard canonical == 0x3A, withProfile({ $0.readsColonDecimals }), previousIsDigits, next < bytes.count else { return nil }
        let (following, _) = Characters.decode(bytes, at: next)
        let fits = DigitSystems.digit(following) != nil || Characters.isMinus(following) || following == Characters.emDash
        return fits ? .colon : nil
    }

    /// A locale's own separator symbol outside the universal classes (`$` in pt_CV) is a
    /// separator only between digits (or before a "no cents" dash); elsewhere it is text,
    /// so `$5` in pt_CV is still a dollar sign.
    private func localeSeparator(_ canonical: UInt32, after next: Int) -> SeparatorClass? {
        let (isDecimal, isGrouping) = withProfile {
            ($0.numbers.localeDecimalScalars.contains(canonical), $0.numbers.localeGroupingScalars.contains(canonical))
        }
        guard isDecimal || isGrouping, previousIsDigits, next < bytes.count else { return nil }
        let (following, _) = Characters.decode(bytes, at: next)
        if DigitSystems.digit(following) != nil { return isDecimal ? .localeDecimal : .localeGrouping }
        if isDecimal, Characters.isMinus(following) || following == Characters.emDash { return .localeDecimal }
        return nil
    }

    /// Where the longest marker that begins at `start` ends, if one does (the extractor's
    /// test of a word before a number in words).
    func markerEnd(from start: Int) -> Int? {
        matchMarker(from: start)?.end
    }

    /// The longest marker starting at `start` in any of the three tables, walked in lockstep:
    /// each character is decoded and normalized once, and case-folded once for the two
    /// case-insensitive tables.
    private func matchMarker(from start: Int) -> (end: Int, marker: MarkerMatch)? {
        var symbolNode = MarkerTrie.root
        var wordNode = MarkerTrie.root
        var nameNode = MarkerTrie.root
        var symbolBest: (end: Int, value: Int32) = (-1, -1)
        var wordBest: (end: Int, value: Int32) = (-1, -1)
        var nameBest: (end: Int, value: Int32) = (-1, -1)
        var index = start
        var previousWasSpace = false
        var leadingMarks = 0
        var sawLetter = false
        while index < bytes.count, symbolNode >= 0 || wordNode >= 0 || nameNode >= 0 {
            let canonical: UInt32
            let lead = bytes[index]
            if MarkerKey.isPlainASCIIKeyByte(lead) {
                // `$`, `EUR`, `dollars`: most markers' characters, stepped as one byte without
                // decoding or the fold table (no gain measured alone; BENCHMARKS.md, "A
                // double-array matcher").
                index += 1
                previousWasSpace = false
                canonical = UInt32(lead)
                if symbolNode >= 0 { symbolNode = symbols.child(of: symbolNode, byte: lead) }
                if wordNode >= 0 || nameNode >= 0 {
                    sawLetter = true
                    let folded = MarkerKey.foldedASCII(lead)
                    if wordNode >= 0 { wordNode = words.child(of: wordNode, byte: folded) }
                    if nameNode >= 0 { nameNode = names.child(of: nameNode, byte: folded) }
                }
            } else {
                guard let scalar = MarkerKey.nextKeyScalar(bytes, at: &index, previousWasSpace: &previousWasSpace) else {
                    continue
                }
                canonical = scalar
                if symbolNode >= 0 { symbolNode = symbols.child(of: symbolNode, scalar: canonical) }
                if wordNode >= 0 || nameNode >= 0 {
                    if MarkerKey.isRemovedByFolding(canonical) {
                        // An accent written apart (`e` + U+0301): words and names skip it (§2),
                        // also a few before their first letter (ICU's Kashmiri names begin with
                        // vowel signs: `ِٖیوٗنِڑیڑ ڑِ ویلور رِیل`).
                        if !sawLetter {
                            leadingMarks += 1
                            if leadingMarks > MarkerKey.leadingMarksSkipped {
                                wordNode = -1
                                nameNode = -1
                            }
                        }
                    } else if let folded = MarkerKey.foldedScalar(canonical) {
                        sawLetter = true
                        if wordNode >= 0 { wordNode = words.child(of: wordNode, scalar: folded) }
                        if nameNode >= 0 { nameNode = names.child(of: nameNode, scalar: folded) }
                    } else {
                        // Folding gives several scalars (rare): walk their bytes.
                        sawLetter = true
                        if wordNode >= 0 { wordNode = MarkerKey.stepBytes(of: canonical, from: wordNode, in: words) }
                        if nameNode >= 0 { nameNode = MarkerKey.stepBytes(of: canonical, from: nameNode, in: names) }
                    }
                }
            }
            if symbolNode >= 0 {
                let value = symbols.value(at: symbolNode)
                if value >= 0, isMarker(value, symbolHot, isSymbol: true), !cutsWord(canonical, at: index) {
                    symbolBest = (index, value)
                }
            }
            if wordNode >= 0 {
                let value = words.value(at: wordNode)
                if value >= 0, isMarker(value, wordHot, isSymbol: false), !cutsWord(canonical, at: index) {
                    wordBest = (index, value)
                }
            }
            if nameNode >= 0 {
                let value = names.value(at: nameNode)
                if value >= 0, !cutsWord(canonical, at: index) { nameBest = (index, value) }
            }
        }
        // Two-argument max: the variadic one builds an array of the rest on every call.
        let end = max(max(symbolBest.end, wordBest.end), nameBest.end)
        guard end > start else { return nil }
        var marker = MarkerMatch()
        if symbolBest.end == end { marker.symbol = symbolBest.value }
        if wordBest.end == end { marker.word = wordBest.value }
        if nameBest.end == end { marker.name = nameBest.value }
        return (end, marker)
    }

    /// Whether a match ending with `canonical` just before `index` would cut a word (§7).
    @inline(__always)
    private func cutsWord(_ canonical: UInt32, at index: Int) -> Bool {
        Characters.isWordLetter(canonical) && Characters.wordLetterFollows(bytes, at: index)
    }

    /// Whether a key of a global table is a marker here: everywhere, for the hint (historic
    /// symbols, supplement forms), or in this locale (supplement forms in scope).
    @inline(__always)
    private func isMarker(_ value: Int32, _ hot: UnsafePointer<GlobalMarkers.HotTable>, isSymbol: Bool) -> Bool {
        if hot.pointee.isMarkerAnywhere[Int(value)] { return true }
        if let hint, hot.pointee.hintOrScopeOnly[Int(value)].contains(hint.index) { return true }
        return withMarkers { (isSymbol ? $0.scoped(symbol: value) : $0.scoped(word: value)) != nil }
    }

    /// Whether a scalar that folding changes beyond its case (`أ`, `é`) folds to one an
    /// affix may begin with.
    private func mayStartFolded(_ scalar: UInt32, _ compact: CompactAffixes) -> Bool {
        guard scalar >= 0xC0, let entry = MarkerKey.foldEntry(scalar) ?? MarkerKey.letterVariant(scalar),
              entry != MarkerKey.removedMark, entry != MarkerKey.severalScalars else { return false }
        return compact.mayStart(with: MarkerKey.letterVariant(entry) ?? entry)
    }

    /// The longest compact affix starting at `start` that stands on `side` of the number.
    private func matchCompact(from start: Int, side: MarkerSide) -> (end: Int, affix: CompactAffixes.Affix)? {
        // Affix keys are folded (`ألف` is keyed `الف`, §2): a scalar whose own form begins no
        // affix may still fold to one that does (ASCII letters' cases are in the first set).
        let first = Characters.canonical(Characters.decode(bytes, at: start).scalar)
        return withCompact { compact -> (end: Int, affix: CompactAffixes.Affix)? in
            guard side == .after ? compact.hasSuffixes : compact.hasPrefixes,
                  compact.mayStart(with: first) || mayStartFolded(first, compact) else { return nil }
            guard let match = MarkerKey.longestMatch(in: bytes, from: start, trie: compact.trie, folded: true, accepting: {
                compact.affixes[Int($0)].sides.contains(side)
            }) else { return nil }
            return (match.end, compact.affixes[Int(match.value)])
        }
    }

    /// The error for text that is no token: the character, or the whole word when it is a
    /// letter (`KWDKWD`).
    private func unexpectedText(at start: Int, length: Int) -> MoneyParseError {
        var end = start + length
        guard Characters.isWordLetter(Characters.canonical(Characters.decode(bytes, at: start).scalar)) else {
            return MoneyParseError(.unexpectedCharacter, offset: start, excerpt: excerpt(start, end))
        }
        // A word of a currency's name is short: longer runs of letters (or marks) are only
        // quoted up to that length, keeping bad input cheap to report.
        let limit = min(bytes.count, start + 64)
        while end < limit {
            let (scalar, next) = Characters.decode(bytes, at: end)
            guard Characters.isWordLetter(Characters.canonical(scalar)) || Characters.isIgnorable(scalar) else { break }
            end += next
        }
        return MoneyParseError(.unexpectedCharacter, offset: start, excerpt: excerpt(start, end))
    }

    /// The input text between two offsets (for error messages).
    func excerpt(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, bytes.count)]), as: UTF8.self)
    }
}
