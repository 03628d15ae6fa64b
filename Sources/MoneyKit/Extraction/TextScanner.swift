/// One reading of a span of free text by the general machine (``MoneyParser/textReading(_:)``).
struct TextReading {
    /// The money read, nil when the span is no amount.
    var money: Money?
    /// Where the reading failed (UTF-8 offset in the span), when it failed at a place.
    var failure: Int?
    /// Whether a currency marker (symbol, code, name, unit word, minor unit, yuan unit) was read.
    var hasMarker: Bool
    /// Where the first marker stands in the span.
    var marker: Range<Int>?
    /// Whether that marker was read as a symbol only (not as a code, name or unit word), or
    /// is a yuan unit.
    var isSymbolOnly: Bool
    /// Whether that marker is a yuan unit (元角分, read with the number).
    var isYuanUnit: Bool
    /// Whether a second marker was read (`100 kr NOK`): the two decide the currency together.
    var hasSecondMarker: Bool
    /// Whether a minus after the amount was read (`$100-`, `三百元-`).
    var hasTrailingMinus: Bool

    /// A reading that failed, at a UTF-8 offset in the span when there is one.
    static func failed(at offset: Int?) -> TextReading {
        TextReading(money: nil, failure: offset, hasMarker: false, marker: nil, isSymbolOnly: false, isYuanUnit: false,
                    hasSecondMarker: false, hasTrailingMinus: false)
    }

    /// The facts of a successful reading, from the structure the machine read.
    init(money: Money, structure: inout AmountStructure, bytes: UnsafeBufferPointer<UInt8>) {
        // The marker: a symbol, code, name or unit word, a minor unit, or a yuan unit (元).
        let placed = structure.firstMarker ?? structure.minorMarker
        var marker = placed.map { $0.start..<$0.end }
        var isSymbolOnly = placed.map { $0.match.symbol != nil && $0.match.word == nil && $0.match.name == nil } ?? false
        var isYuanUnit = false
        if marker == nil, let yuan = structure.number.units.yuanOffset {
            marker = yuan..<(yuan + Characters.decode(bytes, at: yuan).length)
            isSymbolOnly = true
            isYuanUnit = true
        }
        // A "no cents" dash (`49:-`, `€ 15,-`, `Fr. 5.–`) is written after prices only.
        self.init(money: money, failure: nil, hasMarker: marker != nil || structure.number.endsWithDash, marker: marker,
                  isSymbolOnly: isSymbolOnly, isYuanUnit: isYuanUnit, hasSecondMarker: structure.secondMarker != nil,
                  hasTrailingMinus: structure.trailingMinus)
    }

    private init(money: Money?, failure: Int?, hasMarker: Bool, marker: Range<Int>?, isSymbolOnly: Bool, isYuanUnit: Bool,
                 hasSecondMarker: Bool, hasTrailingMinus: Bool) {
        self.money = money
        self.failure = failure
        self.hasMarker = hasMarker
        self.marker = marker
        self.isSymbolOnly = isSymbolOnly
        self.isYuanUnit = isYuanUnit
        self.hasSecondMarker = hasSecondMarker
        self.hasTrailingMinus = hasTrailingMinus
    }
}

/// Finds the amounts of money in free text (Docs/Extraction.md): scans for the places a
/// number begins (a digit of any system, a CJK or Korean numeral, and in lenient mode a
/// number in words), reads the longest span around each that the parser accepts, keeps it
/// when it is money in text (a marker, or a price word before a number in digits), joins two
/// amounts around a dash or range word into a range, and ranks them. Linear in the text:
/// each anchor's spans are bounded (a few words each side), and the scan resumes after what
/// was read.
struct TextScanner {
    // The fields the scan reads at every byte and word come first: their offsets are then
    // known when compiling, where after the parser (which holds Foundation's `Locale`, of a
    // size known only at run time) each read asked the type's metadata (callgrind).
    let bytes: UnsafeBufferPointer<UInt8>
    /// The number words the parser reads; nil in strict mode, which reads none.
    private let numberWords: NumberWordTables?
    let words: PriceWords
    let parser: MoneyParser

    init(parser: MoneyParser, bytes: UnsafeBufferPointer<UInt8>, words: PriceWords) {
        self.parser = parser
        self.bytes = bytes
        self.words = words
        numberWords = parser.options.mode == .lenient ? NumberWordTables(profile: parser.profile) : nil
    }

    /// The number words the parser reads (Docs/ParsingRules.md §8): the language's own and,
    /// outside English, English's.
    private struct NumberWordTables {
        let own: NumberWords
        let readsEnglish: Bool

        init(profile: LocaleProfile) {
            own = profile.numberWords
            readsEnglish = !profile.readsOnlyEnglishWords
        }
    }

    /// Where a number begins, and where it ends: its digits, numerals and separators, or its
    /// words.
    private struct Anchor {
        var start: Int
        var end: Int
        /// Whether the number is written in words (read by the parser's second reading).
        var isSpelled: Bool
    }

    /// An amount or range found, before ranking.
    struct Found {
        var start: Int
        var end: Int
        var value: MoneyMatch.Value
        var hasMarker: Bool
        var isOldPrice: Bool
        var followsPriceWord: Bool
    }

    /// A span the parser read around one number.
    private struct Piece {
        var start: Int
        var end: Int
        var money: Money
        var hasMarker: Bool
        /// The number's digits (and its separators) within the span.
        var numberStart: Int
        var numberEnd: Int
        /// Where the marker stands, when there is one.
        var marker: Range<Int>?
        /// Whether the span was read in words (the parser's second reading): its number is
        /// written in words, or mixes digits and words (`20 dollars and fifty cents`).
        var isSpelled: Bool
    }

    /// How far a span reaches from its number: words after it (`8 lei și 22 de bani` is six),
    /// words before it (`shilingi za Kenya 1,500`), and bytes in all after it.
    private static let wordsAfter = 7
    private static let wordsBefore = 3
    private static let bytesAfter = 96
    /// How many characters before its number, inside its word, a span may begin at (`US$`).
    private static let charactersBefore = 6
    /// How far back a word before the number is looked for: a longer run without a space
    /// (a sentence of Chinese) is no currency marker's word, and walking it at every number
    /// would make the scan quadratic.
    private static let bytesBefore = 32
    /// How far after a range's dash or word the upper end's number may begin (its marker
    /// first: `– US$ 20`).
    private static let rangeGap = 12

    /// Every amount and range in the text, in order.
    func scan() -> [Found] {
        var found: [Found] = []
        var index = 0
        var floor = 0
        while let anchor = nextAnchor(from: index) {
            guard let piece = piece(at: anchor, notBefore: floor), piece.hasMarker || !piece.isSpelled || rangeFollows(piece.end) else {
                // (A number in words without a marker counts only as a range's lower end,
                // when a range follows: asked before the price words, as most number words
                // of a text are no money.)
                index = anchor.end
                continue
            }
            let followsPriceWord = precedingWord(in: words.priceWords, before: piece.start)
            let isOldPrice = precedingWord(in: words.oldPriceWords, before: piece.start)
            if let (upper, range) = rangeUpper(after: piece, followsPriceWord: followsPriceWord) {
                found.append(Found(start: piece.start, end: upper.end, value: .range(range), hasMarker: piece.hasMarker || upper.hasMarker,
                                   isOldPrice: isOldPrice, followsPriceWord: followsPriceWord))
                index = upper.end
            } else if piece.hasMarker || (followsPriceWord && !piece.isSpelled) {
                found.append(Found(start: piece.start, end: piece.end, value: .amount(piece.money), hasMarker: piece.hasMarker,
                                   isOldPrice: isOldPrice, followsPriceWord: followsPriceWord))
                index = piece.end
            } else {
                index = anchor.end
                continue
            }
            floor = index
        }
        return found
    }

    // MARK: Anchors

    /// The next number at or after `index`: one in digits or numerals, or, where the parser
    /// reads words, one in words if it begins earlier.
    private func nextAnchor(from index: Int) -> Anchor? {
        guard let numberWords else {
            return nextDigitOrNumeral(from: index).map { Anchor(start: $0, end: numberEnd(from: $0), isSpelled: false) }
        }
        return nextNumber(from: index, before: bytes.count, words: numberWords)
    }

    /// Whether a number in words begins at a word of `range`: the span that holds it is then
    /// read as the parser's second reading reads it, in words, which may mix them with
    /// digits (`20 dollars and fifty cents`).
    private func holdsNumberInWords(_ range: Range<Int>) -> Bool {
        guard let numberWords else { return false }
        var index = range.lowerBound
        while let anchor = nextNumber(from: index, before: range.upperBound, words: numberWords) {
            if anchor.isSpelled { return true }
            index = anchor.end
        }
        return false
    }

    /// The next place at or after `index` (and before `limit`) where a number in digits or
    /// numerals begins, or a word begins a number in words. ASCII letters after a word's
    /// first are skipped without a lookup; at each word's first letter the reader of words
    /// is asked, whose first tests turn most words away (`the`, `price`).
    private func nextNumber(from index: Int, before limit: Int, words: borrowing NumberWordTables) -> Anchor? {
        var index = index
        // Read once: a static's every use asks whether it is initialized.
        let numberBits = Self.numberBits
        // Whether the character before `index` is a letter (of any script): no word begins
        // after one.
        var afterLetter = index > 0 && Characters.isWordLetter(
            Characters.decode(bytes, at: Characters.startOfScalar(endingAt: index, notBefore: 0, in: bytes)).scalar)
        while index < limit {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte &- 0x30 < 10 { return Anchor(start: index, end: numberEnd(from: index), isSpelled: false) }
                guard Characters.isASCIILetter(byte) else {
                    afterLetter = false
                    index += 1
                    continue
                }
                if !afterLetter, let anchor = spelledAnchor(at: index, words: words) { return anchor }
                index = endOfASCIILetters(from: index + 1, before: limit)
                afterLetter = true
                continue
            }
            let (scalar, length) = Characters.decode(bytes, at: index)
            if scalar < 0x10000 ? numberBits[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 : Self.beginsNumber(scalar) {
                return Anchor(start: index, end: numberEnd(from: index), isSpelled: false)
            }
            let isLetter = Characters.isWordLetter(scalar)
            if isLetter, !afterLetter, let anchor = spelledAnchor(at: index, words: words) { return anchor }
            // Scripts written without spaces have no word starts to wait for: a number in
            // words may begin at any letter (`ราคาห้าร้อยบาท`). (Han, Kana and Hangul
            // numbers are numerals, anchored above.)
            if !isLetter, Self.isOfUnspacedScriptWithoutNumerals(scalar), let anchor = spelledAnchor(at: index, words: words) {
                return anchor
            }
            afterLetter = isLetter
            index += length
        }
        return nil
    }

    /// Whether a scalar belongs to the blocks of Thai, Lao, Tibetan, Myanmar or Khmer: scripts
    /// written without spaces between words whose numbers are written in words, not
    /// numerals (Unicode's blocks, U+0E00-U+10FF and U+1780-U+17FF; Georgian's letters at
    /// the range's end are word letters, and their caller asks those first).
    @inline(__always)
    private static func isOfUnspacedScriptWithoutNumerals(_ scalar: UInt32) -> Bool {
        scalar &- 0xE00 < 0x300 || scalar &- 0x1780 < 0x80
    }

    /// The end of the run of ASCII letters at `index` (not past `limit`): eight bytes at a
    /// time, the first byte that is no ASCII letter found from a mask of them (the rest of
    /// a word after its first letter, at every word of a text).
    @inline(__always)
    private func endOfASCIILetters(from index: Int, before limit: Int) -> Int {
        var index = index
        while index + 8 <= limit {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            let highBits: UInt64 = 0x8080_8080_8080_8080
            guard word & highBits == 0 else { break }
            // With every byte under 0x80, and bit 5 set (letters in lower case): a byte under
            // `a` borrows in the subtraction (bytes above the lowest that does may be flagged
            // wrongly, which the lowest flag does not mind), a byte over `z` reaches 0x80 when
            // 5 is added (no carry leaves a byte). Little-endian: the lowest byte is the first.
            let lower = word | 0x2020_2020_2020_2020
            let belowA = (lower &- 0x6161_6161_6161_6161) & ~lower & highBits
            let aboveZ = (lower &+ 0x0505_0505_0505_0505) & highBits
            let notLetters = belowA | aboveZ
            guard notLetters == 0 else { return index + notLetters.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < limit, Characters.isASCIILetter(bytes[index]) { index += 1 }
        return index
    }

    /// The number in words that begins at `start`, the first letter of a word, if the
    /// parser's reader of words reads one there and the word stands at a boundary (not
    /// after `#` or `@`, nor glued to a number).
    private func spelledAnchor(at start: Int, words: borrowing NumberWordTables) -> Anchor? {
        guard let reading = SpelledNumberReader.read(bytes, from: start, own: words.own, readsEnglish: words.readsEnglish),
              reading.end > start, isBoundary(before: start), isBoundary(after: reading.end) else { return nil }
        return Anchor(start: start, end: reading.end, isSpelled: true)
    }

    /// The next place at or after `index` where a number in digits or numerals begins: an
    /// ASCII digit, or a digit of another system or a CJK or Korean numeral.
    private func nextDigitOrNumeral(from index: Int) -> Int? {
        var index = index
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while they are ASCII and hold no digit: most of a text.
            // (A byte b is an ASCII digit when b ^ 0x30 < 10; the test below flags a word's
            // bytes under 10 exactly, given no byte has its high bit set.)
            while index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let highBits: UInt64 = 0x8080_8080_8080_8080
                let digitsAsSmall = word ^ 0x3030_3030_3030_3030
                let hasSmall = (digitsAsSmall &- 0x0A0A_0A0A_0A0A_0A0A) & ~digitsAsSmall & highBits
                guard word & highBits == 0, hasSmall == 0 else { break }
                index += 8
            }
            let end = min(index + 8, count)
            while index < end {
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte &- 0x30 < 10 { return index }
                    index += 1
                } else {
                    let (scalar, length) = Characters.decode(bytes, at: index)
                    if scalar < 0x10000 {
                        if Self.numberBits[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 { return index }
                    } else if Self.beginsNumber(scalar) {
                        return index
                    }
                    index += length
                }
            }
        }
        return nil
    }

    /// Bits for U+0000-U+FFFF: the scalars a number begins with outside ASCII (digits of
    /// every system, CJK and Korean numerals), from ``DigitSystems`` and ``Numerals``: one
    /// load per character where the two lookups cost the scan of CJK text half its speed.
    /// A raw buffer, never freed.
    nonisolated(unsafe) private static let numberBits: UnsafeBufferPointer<UInt64> = {
        let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 0x10000 / 64)
        buffer.initialize(repeating: 0)
        for scalar in UInt32(0x80)..<0x10000 where beginsNumber(scalar) {
            buffer[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
        }
        return UnsafeBufferPointer(buffer)
    }()

    /// Whether a number can begin with a scalar outside ASCII: a digit of any system, or a
    /// CJK or Korean numeral digit or unit (`一`, `十`, `万`, `일`); not the yuan units, `整`,
    /// `金`, `也` or `负`, which stand next to a number but begin none (and are common
    /// words: `分` is also "minute", `也` "also").
    private static func beginsNumber(_ scalar: UInt32) -> Bool {
        if DigitSystems.digit(scalar) != nil { return true }
        switch Numerals.kind(scalar) {
        case .digit?, .unit?: return true
        default: return false
        }
    }

    /// The end of the number that begins at `anchor`: its digits and numerals, and
    /// separators (`.`, `,`, apostrophes, spaces) between them.
    private func numberEnd(from anchor: Int) -> Int {
        var index = anchor
        var end = anchor
        while index < bytes.count {
            let (scalar, length) = Characters.decode(bytes, at: index)
            if isNumberCharacter(scalar) {
                index += length
                end = index
            } else if index > anchor, isNumberSeparator(scalar), index + length < bytes.count,
                      isNumberCharacter(Characters.decode(bytes, at: index + length).scalar) {
                index += length
            } else {
                break
            }
        }
        return end
    }

    private func isNumberCharacter(_ scalar: UInt32) -> Bool {
        scalar &- 0x30 < 10 || (scalar >= 0x660 && (DigitSystems.digit(scalar) != nil || Numerals.kind(scalar) != nil))
    }

    private func isNumberSeparator(_ scalar: UInt32) -> Bool {
        let canonical = Characters.canonical(scalar)
        return canonical == 0x2E || canonical == 0x2C || canonical == 0x27 || canonical == 0x20 || canonical == 0x66B
            || canonical == 0x66C || canonical == 0x3001
    }

    // MARK: Spans

    /// The longest span around the number at `anchor` that the parser reads, beginning no
    /// earlier than `floor` and at a word boundary, ending at one; nil when there is none.
    private func piece(at anchor: Anchor, notBefore floor: Int, floorIsBoundary: Bool = false) -> Piece? {
        // A number in words may be long (`two thousand three hundred and forty-five`): its
        // window counts the words after it.
        let windowEnd = self.windowEnd(from: anchor.isSpelled ? anchor.end : anchor.start)
        // A number in words is read with what is glued before it (`$twenty`), and with the
        // word before it when that word begins with a currency marker (`Rupees five thousand
        // only`, `R$ mil`, `USD twenty`): number words are common words, and each start
        // tried is a reading (three words before every number word, each read, cost the
        // English benchmark text 42% more instructions, callgrind; one word asked for a
        // marker first, 8%).
        var starts = candidateStarts(before: anchor.start, notBefore: floor, floorIsBoundary: floorIsBoundary,
                                     words: anchor.isSpelled ? 1 : Self.wordsBefore, wordsNeedMarker: anchor.isSpelled)
        var withUncountedMarker: Piece?
        while let start = starts.popLast() {
            guard let piece = read(from: start, anchor: anchor, windowEnd: windowEnd) else { continue }
            if !piece.hasMarker, let marker = piece.marker, marker.lowerBound < piece.numberStart {
                // A marker before the number that does not count in text (`She won 3 dollars`):
                // a span beginning after it may have one that does.
                if withUncountedMarker == nil { withUncountedMarker = piece }
                continue
            }
            return piece
        }
        return withUncountedMarker
    }

    /// Where a span may begin, shortest first: the number itself, the start of its word
    /// (`$199`, `US$5`), and the starts of up to `words` words before it (`EUR 5`, `US $ 5`).
    /// Opening brackets and quotes are left out; starts not at a word boundary are dropped,
    /// and with `wordsNeedMarker`, a word's start where no currency marker begins.
    private func candidateStarts(before anchor: Int, notBefore floor: Int, floorIsBoundary: Bool, words: Int,
                                 wordsNeedMarker: Bool = false) -> [Int] {
        func mayStart(_ index: Int) -> Bool { (floorIsBoundary && index == floor) || isBoundary(before: index) }
        var starts: [Int] = []
        if mayStart(anchor) { starts.append(anchor) }
        // Inside the number's word, a marker glued to it (`$199`, `US$5`) and, in scripts
        // written without spaces, the text before it (`价格：¥199`): the last few characters'
        // boundaries, then the word's start.
        var wordStart = anchor
        var stepped = 0
        while wordStart > floor, anchor - wordStart < Self.bytesBefore {
            let previous = Characters.startOfScalar(endingAt: wordStart, notBefore: floor, in: bytes)
            if Characters.isSpace(Characters.decode(bytes, at: previous).scalar) { break }
            wordStart = previous
            stepped += 1
            if stepped <= Self.charactersBefore, wordStart > floor, mayStart(wordStart),
               afterOpeningPunctuation(wordStart, before: anchor) == wordStart {
                starts.append(wordStart)
            }
        }
        let trimmedStart = afterOpeningPunctuation(wordStart, before: anchor)
        if trimmedStart < anchor, trimmedStart != starts.last, mayStart(trimmedStart) { starts.append(trimmedStart) }
        wordStart = trimmedStart
        var cursor = wordStart
        for _ in 0..<words {
            // Back over one run of spaces on the same line, then over a word.
            var spaceStart = cursor
            while spaceStart > floor {
                let previous = Characters.startOfScalar(endingAt: spaceStart, notBefore: floor, in: bytes)
                let scalar = Characters.decode(bytes, at: previous).scalar
                guard Characters.isSpace(scalar), scalar != 0x0A, scalar != 0x0D else { break }
                spaceStart = previous
            }
            guard spaceStart < cursor, cursor - spaceStart <= 3 else { break }
            var start = spaceStart
            while start > floor, spaceStart - start < Self.bytesBefore {
                let previous = Characters.startOfScalar(endingAt: start, notBefore: floor, in: bytes)
                if Characters.isSpace(Characters.decode(bytes, at: previous).scalar) { break }
                start = previous
            }
            start = afterOpeningPunctuation(start, before: spaceStart)
            guard start < spaceStart, isBoundary(before: start) else { break }
            if !wordsNeedMarker || parser.beginsWithMarker(UnsafeBufferPointer(rebasing: bytes[start..<anchor])) {
                starts.append(start)
            }
            cursor = start
        }
        return starts
    }

    /// Past opening brackets and quotes at `start` (not past `limit`).
    private func afterOpeningPunctuation(_ start: Int, before limit: Int) -> Int {
        var index = start
        while index < limit {
            let (scalar, length) = Characters.decode(bytes, at: index)
            switch scalar {
            case 0x28, 0x5B, 0x7B, 0x22, 0x27, 0x201C, 0x201E, 0x2018, 0xAB, 0x3008, 0x300C, 0x300E, 0xFF08: index += length
            default: return index
            }
        }
        return index
    }

    /// The end of the last word a span from `anchor` may cover: up to ``wordsAfter`` words
    /// on the same line, within ``bytesAfter`` bytes (a word of a script without spaces is
    /// cut there).
    private func windowEnd(from anchor: Int) -> Int {
        var index = anchor
        var words = 0
        var end = anchor
        while index < bytes.count, words < Self.wordsAfter, index - anchor < Self.bytesAfter {
            while index < bytes.count, index - anchor < Self.bytesAfter {
                let (scalar, length) = Characters.decode(bytes, at: index)
                if Characters.isSpace(scalar) { break }
                index += length
            }
            end = index
            words += 1
            while index < bytes.count {
                let (scalar, length) = Characters.decode(bytes, at: index)
                guard Characters.isSpace(scalar), scalar != 0x0A, scalar != 0x0D else { break }
                index += length
            }
            if index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { break }
        }
        return end
    }

    /// The longest span from `start` that the parser reads: from the window's end, cut back
    /// to where each failed reading failed, then past spaces and punctuation before it.
    private func read(from start: Int, anchor number: Anchor, windowEnd: Int) -> Piece? {
        let anchor = number.start
        var end = windowEnd
        // Where the last cut would have ended without the punctuation before it: taken when
        // the reading with that punctuation fails (`$13.00,` fails at its period).
        var punctuationCut: Int?
        // A span from a number in digits is read in words too when the reading in digits of
        // the whole window fails before a number in words, as the parser reads one field.
        var readsNumberWords = number.isSpelled
        while end > anchor {
            let reading = parser.textReading(UnsafeBufferPointer(rebasing: bytes[start..<end]), readsNumberWords: readsNumberWords)
            if !readsNumberWords, end == windowEnd, reading.money == nil, let failure = reading.failure,
               holdsNumberInWords((start + failure)..<windowEnd) {
                readsNumberWords = true
                continue
            }
            if number.isSpelled, start == anchor, reading.money == nil, let failure = reading.failure,
               trimmedEnd(start + failure, notBelow: anchor, spacesOnly: true) <= number.end, !rangeFollows(number.end) {
                // Nothing after a number in words reads with it, and nothing before it was
                // tried: no marker, so no money, and no range's lower end either (`one of the
                // best`, `three games`). One reading decides most number words of a text.
                return nil
            }
            if reading.money == nil, let cut = punctuationCut, cut < end, cut > anchor {
                punctuationCut = nil
                end = cut
                continue
            }
            punctuationCut = nil
            if reading.money != nil, reading.hasTrailingMinus {
                // A minus after an amount is a range's dash or a sentence's in text (`$199–$249`,
                // `$5 - great`), not bookkeeping's sign: read the amount before it.
                let cut = trimmedEnd(end, notBelow: anchor)
                end = cut < end ? cut : previousWordEnd(before: end, notBelow: anchor)
                continue
            }
            if let money = reading.money {
                // Sentence punctuation at the end is not the amount's when the amount reads
                // the same without it (`It costs $5.`; `Fr. 5.–` and `49:-` keep their dash),
                // unless the marker ends with it (`1.234,50 د.م.`, `5 руб.`).
                let markerEnd = reading.marker.map { start + $0.upperBound }
                let trimmed = markerEnd == end || endsWithAbbreviationPeriod(end) ? end
                    : trimmedEnd(end, notBelow: anchor, includingDashes: false)
                if trimmed < end {
                    let shorter = parser.textReading(UnsafeBufferPointer(rebasing: bytes[start..<trimmed]),
                                                     readsNumberWords: readsNumberWords)
                    if shorter.money == money, shorter.hasMarker == reading.hasMarker { end = trimmed }
                }
                guard isBoundary(after: end) else { return nil }
                let marker = reading.marker.map { (start + $0.lowerBound)..<(start + $0.upperBound) }
                let hasMarker = reading.hasMarker && countsInText(marker: marker, reading: reading, of: money, numberStart: anchor,
                                                                  numberIsSpelled: number.isSpelled)
                if reading.hasMarker, !hasMarker, end > anchor {
                    // A marker that names no currency in text (`pesos en`, a historic code's
                    // reading): a shorter span may end before it.
                    let shorter = previousWordEnd(before: end, notBelow: anchor)
                    if shorter > anchor, shorter < end {
                        end = shorter
                        continue
                    }
                }
                var numberEnd = min(number.end, end)
                if let marker, marker.lowerBound >= anchor { numberEnd = min(numberEnd, marker.lowerBound) }
                return Piece(start: start, end: end, money: money, hasMarker: hasMarker, numberStart: anchor,
                             numberEnd: numberEnd, marker: marker, isSpelled: readsNumberWords)
            }
            guard let failure = reading.failure, start + failure > anchor else {
                if reading.failure != nil { return nil }
                end = previousWordEnd(before: end, notBelow: anchor)
                continue
            }
            // Back to the failure and the spaces before it, no further: punctuation there may
            // be the amount's (`5 руб.`, `Rs. 500/-`, `$5.-`); if it is not, the next reading
            // fails at it, or reads the same without it (trimmed above).
            let cut = trimmedEnd(start + failure, notBelow: anchor, spacesOnly: true)
            let withoutPunctuation = trimmedEnd(cut, notBelow: anchor, includingDashes: false)
            if withoutPunctuation < cut { punctuationCut = withoutPunctuation }
            end = cut < end ? cut : previousWordEnd(before: end, notBelow: anchor)
        }
        return nil
    }

    /// `end` moved back over spaces and the punctuation that may follow an amount in a
    /// sentence or join a range (`.`, `,`, `;`, `:`, `!`, `?`, closing brackets and quotes,
    /// dashes and tildes unless `includingDashes` is false; spaces alone with `spacesOnly`),
    /// not below `floor`.
    private func trimmedEnd(_ end: Int, notBelow floor: Int, includingDashes: Bool = true, spacesOnly: Bool = false) -> Int {
        var end = end
        while end > floor {
            let previous = Characters.startOfScalar(endingAt: end, notBefore: floor, in: bytes)
            let scalar = Characters.decode(bytes, at: previous).scalar
            guard Characters.isSpace(scalar)
                    || !spacesOnly && (isTrailingPunctuation(scalar) || (includingDashes && isRangeDash(scalar))) else { break }
            end = previous
        }
        return end
    }

    /// Whether the text before `end` is a period right after a letter, which a reading that
    /// succeeds with it has read as part of an abbreviation (`2,5 Mio.`, `M.N.`, `коп.`):
    /// the amount's, even where it also ends a sentence.
    private func endsWithAbbreviationPeriod(_ end: Int) -> Bool {
        guard end >= 2, bytes[end - 1] == 0x2E else { return false }
        let before = Characters.decode(bytes, at: Characters.startOfScalar(endingAt: end - 1, notBefore: 0, in: bytes)).scalar
        guard let letter = Unicode.Scalar(before) else { return false }
        return letter.properties.isAlphabetic
    }

    /// The end of the word before the one that ends at `end` (past the spaces between), or
    /// `floor`.
    private func previousWordEnd(before end: Int, notBelow floor: Int) -> Int {
        var index = end
        while index > floor {
            let previous = Characters.startOfScalar(endingAt: index, notBefore: floor, in: bytes)
            if Characters.isSpace(Characters.decode(bytes, at: previous).scalar) { break }
            index = previous
        }
        while index > floor {
            let previous = Characters.startOfScalar(endingAt: index, notBefore: floor, in: bytes)
            guard Characters.isSpace(Characters.decode(bytes, at: previous).scalar) else { break }
            index = previous
        }
        return index
    }

    private func isTrailingPunctuation(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x22, 0x27, 0x201D, 0x2019, 0xBB, 0x2026,
             0x3002, 0x3001, 0xFF0C, 0xFF0E, 0xFF01, 0xFF1F, 0xFF09, 0x3009, 0x300D, 0x300F:
            true
        default:
            false
        }
    }

    /// Dashes and tildes between a range's ends.
    private func isRangeDash(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0x2010, 0x2012, 0x2013, 0x2014, 0x2212, 0x7E, 0x301C, 0xFF5E, 0xFF0D: true
        default: false
        }
    }

    /// Whether a marker read in text names a currency there (Docs/Extraction.md, "What
    /// counts"). The locale's own currency and the hint: always. Another currency:
    /// - no longer in use: only by its name or its ISO code in capitals (`100 Deutsche Mark`,
    ///   `5 FRF`; `Bel 020 123` is no Belgian franc);
    /// - by a symbol of letters that could be a word of the text: one letter of a script
    ///   written with spaces (`L`, `R`, `P`, `Р`) or ASCII letters in lower case (`den`) do not
    ///   count (`1.5 L`, `dras den 27:e`); `円`, `원`, `Rp`, `Kč`, `zł` and signs do;
    /// - by a word in lower-case ASCII letters before the number (`She won 3 games`, `mark 5
    ///   as done`): a verb or noun of the text; after it, the word counts (`3 won`, `20 euros`),
    ///   and so does the currency's ISO code in lower case (`eur 5`);
    /// - before a number in words: only by its ISO code in capitals or a sign (`USD twenty`,
    ///   `R$ mil`), not by a word (`Mark two items`, `all five`);
    /// - by a yuan unit outside Chinese: only a whole one (`100元`), not `分`, `角` or `毛`
    ///   alone (`徒歩5分` is five minutes' walk).
    private func countsInText(marker: Range<Int>?, reading: TextReading, of money: Money, numberStart: Int,
                              numberIsSpelled: Bool) -> Bool {
        if money.currency == parser.profile.defaultCurrency || money.currency == parser.currency { return true }
        guard let marker, !reading.hasSecondMarker || !money.currency.isCurrent else { return true }
        var letters = 0
        var scalars = 0
        var upperCaseASCII = 0
        var lowerCaseASCII = 0
        var index = marker.lowerBound
        let first = Characters.decode(bytes, at: marker.lowerBound).scalar
        while index < marker.upperBound {
            let (scalar, length) = Characters.decode(bytes, at: index)
            scalars += 1
            if let letter = Unicode.Scalar(scalar), letter.properties.isAlphabetic { letters += 1 }
            if scalar &- 0x41 < 26 { upperCaseASCII += 1 }
            if scalar &- 0x61 < 26 { lowerCaseASCII += 1 }
            index += length
        }
        if numberIsSpelled, marker.upperBound <= numberStart {
            return (upperCaseASCII == scalars && isCode(marker, of: money.currency)) || letters < scalars
        }
        if !money.currency.isCurrent {
            return letters >= 4 || (letters == 3 && upperCaseASCII == 3)
        }
        if reading.isYuanUnit {
            let language = parser.profile.language
            return language == "zh" || language == "yue" || Numerals.kind(first) == .yuan(exponent: 0)
        }
        if marker.upperBound <= numberStart, lowerCaseASCII == scalars, !isCode(marker, of: money.currency) { return false }
        guard reading.isSymbolOnly else { return true }
        if scalars == 1, letters == 1, Characters.isWordLetter(first) { return false }
        return !(lowerCaseASCII > 0 && lowerCaseASCII == scalars)
    }

    /// Whether the text at `marker` is the currency's ISO code, in any case.
    private func isCode(_ marker: Range<Int>, of currency: Currency) -> Bool {
        let code = currency.code.utf8
        return marker.count == code.count && zip(bytes[marker], code).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    // MARK: Boundaries

    /// Whether a span may begin at `index`: not inside a word of a spaced script or a number
    /// (`RTX4090`, `A4`, the `5` of `1.5` or `12:30`).
    private func isBoundary(before index: Int) -> Bool {
        guard index > 0 else { return true }
        let previousStart = Characters.startOfScalar(endingAt: index, notBefore: 0, in: bytes)
        let previous = Characters.decode(bytes, at: previousStart).scalar
        if Characters.isSpace(previous) { return true }
        if Characters.isWordLetter(previous) || isNumberCharacter(previous) { return false }
        switch previous {
        case 0x23, 0x2116, 0x40, 0x5F, 0x25, 0x26:
            return false
        case 0x2E, 0x2C, 0x3A, 0x2F, 0x2D, 0x2013, 0x27:
            // Inside a number, a date or a time: the character before is a digit.
            guard previousStart > 0 else { return true }
            let before = Characters.decode(bytes, at: Characters.startOfScalar(endingAt: previousStart, notBefore: 0, in: bytes)).scalar
            return !isNumberCharacter(before)
        default:
            return true
        }
    }

    /// Whether a span may end at `index`: not inside a word of a spaced script or a number,
    /// and not before a percent sign (`20%`).
    private func isBoundary(after index: Int) -> Bool {
        guard index < bytes.count else { return true }
        let (next, length) = Characters.decode(bytes, at: index)
        if Characters.isSpace(next) { return true }
        if isNumberCharacter(next) { return false }
        if Characters.isWordLetter(next) {
            // A letter may follow a marker of a script written without spaces (`5000万美元B轮`).
            let last = Characters.decode(bytes, at: Characters.startOfScalar(endingAt: index, notBefore: 0, in: bytes)).scalar
            return last >= 0x2E80 && DigitSystems.digit(last) == nil
        }
        switch next {
        case 0x25, 0x2030, 0xFF05, 0x23, 0x40, 0x5F:
            return false
        case 0x2E, 0x2C, 0x3A, 0x2F, 0x27:
            // A date, a time or a longer number goes on after it.
            guard index + length < bytes.count else { return true }
            return !isNumberCharacter(Characters.decode(bytes, at: index + length).scalar)
        default:
            return true
        }
    }

    /// Whether a word of `words` stands right before `start`, after spaces and a colon
    /// (`Preis: 12,50`, `Total 45.00`, `statt 29,99 €`).
    private func precedingWord(in words: [PriceWords.Word], before start: Int) -> Bool {
        guard !words.isEmpty else { return false }
        var end = start
        while end > 0 {
            let previous = Characters.startOfScalar(endingAt: end, notBefore: 0, in: bytes)
            let scalar = Characters.decode(bytes, at: previous).scalar
            guard Characters.isSpace(scalar) || scalar == 0x3A || scalar == 0xFF1A else { break }
            end = previous
        }
        return PriceWords.word(in: words, endingAt: end, in: bytes) != nil
    }

    // MARK: Ranges

    /// The upper end of a range that begins with `lower`: a dash, tilde or range word after
    /// it, then an amount; with one currency, the end without a marker takes the other's
    /// (`€10 bis 20`, `10 à 15 euros`, `5–8k €`). Nil when no range follows, or when neither
    /// end has a marker and no price word comes before.
    private func rangeUpper(after lower: Piece, followsPriceWord: Bool) -> (Piece, MoneyRange)? {
        var index = skipSpaces(from: lower.end, limit: 3)
        guard index < bytes.count else { return nil }
        let (scalar, length) = Characters.decode(bytes, at: index)
        if isRangeDash(scalar) {
            index += length
        } else if index > lower.end, let word = PriceWords.word(in: words.rangeWords, startingAt: index, in: bytes) {
            index += word.length
        } else {
            return nil
        }
        let upperFloor = skipSpaces(from: index, limit: 3)
        guard let anchor = nextAnchor(from: upperFloor), anchor.start - upperFloor <= Self.rangeGap,
              var upper = piece(at: anchor, notBefore: upperFloor, floorIsBoundary: true) else { return nil }
        var lower = lower
        switch (lower.hasMarker, upper.hasMarker) {
        case (true, true):
            break
        case (false, true):
            guard let money = borrowingMarker(of: upper, for: lower) else { return nil }
            lower.money = money
        case (true, false):
            guard let money = borrowingMarker(of: lower, for: upper) else { return nil }
            upper.money = money
        case (false, false):
            guard followsPriceWord, !lower.isSpelled, !upper.isSpelled else { return nil }
        }
        guard let range = MoneyRange(lowerBound: lower.money, upperBound: upper.money) else { return nil }
        return (upper, range)
    }

    /// Whether a range's dash or word follows `end` (after up to three bytes of spaces).
    private func rangeFollows(_ end: Int) -> Bool {
        let index = skipSpaces(from: end, limit: 3)
        guard index < bytes.count else { return false }
        if isRangeDash(Characters.decode(bytes, at: index).scalar) { return true }
        return index > end && PriceWords.word(in: words.rangeWords, startingAt: index, in: bytes) != nil
    }

    /// Past up to `limit` bytes of spaces on the same line.
    private func skipSpaces(from index: Int, limit: Int) -> Int {
        var index = index
        let end = index + limit
        while index < min(end, bytes.count) {
            let (scalar, length) = Characters.decode(bytes, at: index)
            guard Characters.isSpace(scalar), scalar != 0x0A, scalar != 0x0D else { break }
            index += length
        }
        return index
    }

    /// The amount of `bare` (a range's end without a marker) read with the text of `other`
    /// around its number: its prefix before it (`€` of `€10`) or its suffix after it (` euros`
    /// of `15 euros`, `k €` of `8k €`: one multiplier and one currency for both ends), or,
    /// when that reads nothing (`5k–8k €`), the marker alone.
    private func borrowingMarker(of other: Piece, for bare: Piece) -> Money? {
        guard let marker = other.marker else { return nil }
        let own = Array(bytes[bare.start..<bare.end])
        let markerFirst = marker.lowerBound < other.numberStart
        let around = markerFirst ? Array(bytes[other.start..<other.numberStart]) : Array(bytes[other.numberEnd..<other.end])
        let markerOnly = Array(bytes[marker])
        let spaced = markerFirst ? other.numberStart > marker.upperBound : marker.lowerBound > other.numberEnd
        let markerAlone = spaced ? (markerFirst ? markerOnly + [0x20] : [0x20] + markerOnly) : markerOnly
        for affix in [around, markerAlone] {
            let text = markerFirst ? affix + own : own + affix
            let reading = text.withUnsafeBufferPointer { parser.textReading($0, readsNumberWords: bare.isSpelled) }
            if reading.hasMarker, let amount = reading.money { return amount }
        }
        return nil
    }
}
