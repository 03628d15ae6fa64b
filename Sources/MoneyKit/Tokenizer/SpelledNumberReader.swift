/// Reads a number written in words at a position of the input (Docs/ParsingRules.md §8),
/// with a language's ``NumberWords``.
///
/// The input's letters are keyed as the table's texts are (folded, with spaces, hyphens and
/// break hints between words left out), remembering where each key byte came from. Pieces
/// are then matched from the start, longest first, and combined as spelled numbers combine:
///
/// - a group (0-999) stands alone or before a scale word; two groups never touch (`twelve
///   fifty` is two numbers, and stops the reading after `twelve`);
/// - a scale word multiplies the group before it (alone, only the forms that count one:
///   `mille`, `тысяча`), and each scale word is smaller than the one before (`two million
///   three hundred thousand`); where ICU's own spellings need it
///   (``NumberWords/multipliesSmallerScales``), a larger scale word multiplies everything
///   since the last larger one (`mil doscientos millones`);
/// - a scale word written before its count takes the group after it (Swahili `elfu mbili`);
/// - a joining word stands only between a scaled part and what follows (`og`, `,`);
/// - zero stands alone.
///
/// The reading that reaches furthest wins, and it must end where a word ends (`ten` is not
/// read in `tenner`). A search that backtracks is bounded (``maximumSteps``), so any input
/// costs linear time at worst.
enum SpelledNumberReader {
    /// A number read: where it ends in the input (UTF-8 offset) and its value.
    struct Reading: Equatable {
        let end: Int
        let value: UInt64
        /// When the number ends with a scale word after a number that stands on its own
        /// (`deux` of `deux millions`): where that word begins and the value before it, so
        /// that the lexer can read the word as a multiplier with its particle (`deux
        /// millions d'euros`, `mil doscientos millones de pesos`, §7).
        var lastScale: LastScale?

        /// A scale word that ends a number: where it begins, where the number before it
        /// ends, and that number's value.
        struct LastScale: Equatable {
            let start: Int
            let endBefore: Int
            let valueBefore: UInt64
        }
    }

    /// Most pieces combined in one search (calls of the search), whatever the input: a
    /// number of words up to 10^12 has a few dozen pieces, and each position has at most a
    /// few matches, so real numbers take far fewer.
    static let maximumSteps = 4_096

    /// The letters of the input from `start`, keyed, up to the first character that is
    /// neither a letter nor a separator between words (or ``maximumKeyBytes``).
    private struct KeyedText {
        var bytes: [UInt8] = []
        /// Per key byte: the input offsets of the scalar it came from, and just past it.
        var starts: [Int] = []
        var ends: [Int] = []
        /// Per key byte: whether a word may end before it (a separator came before it, or a
        /// letter of a script written without spaces is on either side).
        var boundaryBefore: [Bool] = []
    }

    /// The most key bytes read: a number up to 10^12 in any language is far shorter.
    static let maximumKeyBytes = 512

    /// The number spelled in words at `start`, if any, in the locale's language or, failing
    /// that, in English (Docs/ParsingRules.md §8); the longer reading when both read one.
    static func read(_ input: UnsafeBufferPointer<UInt8>, from start: Int, locale: String) -> Reading? {
        read(input, from: start, own: NumberWords.forLocale(locale), readsEnglish: ScaleWords.languageAndScript(locale) != "en")
    }

    /// ``read(_:from:locale:)`` with the language's words at hand (the lexer's profile keeps them).
    static func read(_ input: UnsafeBufferPointer<UInt8>, from start: Int, own: NumberWords, readsEnglish: Bool) -> Reading? {
        // Most runs of letters that reach here begin no number word: one step of each trie
        // tells, before the text is keyed.
        guard mayBegin(input, at: start, own) || readsEnglish && mayBegin(input, at: start, NumberWords.english) else { return nil }
        let text = keyedText(input, from: start)
        guard !text.bytes.isEmpty else { return nil }
        var best = reading(text, with: own)
        if readsEnglish {
            if let english = reading(text, with: NumberWords.english), english.end > (best?.end ?? start) { best = english }
        }
        return best
    }

    /// The value of a whole key (a spelled text keyed by ``NumberWords/key(of:)``), or nil when
    /// the key is no number of the language.
    static func value(ofKey key: [UInt8], in words: NumberWords) -> UInt64? {
        guard !key.isEmpty else { return nil }
        var text = KeyedText()
        text.bytes = key
        text.starts = Array(0..<key.count)
        text.ends = Array(1...key.count)
        text.boundaryBefore = Array(repeating: false, count: key.count)
        guard let reading = reading(text, with: words), reading.end == key.count else { return nil }
        return reading.value
    }

    private static func reading(_ text: KeyedText, with words: NumberWords) -> Reading? {
        guard !words.isEmpty else { return nil }
        var search = Search(text: text, words: words)
        guard let found = search.furthest(from: 0, state: Combination()) else { return nil }
        var reading = Reading(end: text.ends[found.end - 1], value: found.value)
        if let tail = found.lastScale, tail.keyStart > 0 {
            reading.lastScale = Reading.LastScale(start: text.starts[tail.keyStart], endBefore: text.ends[tail.keyStart - 1],
                                                  valueBefore: tail.valueBefore)
        }
        return reading
    }

    /// Whether a canonical scalar is a letter or mark: ASCII and the scripts below U+0E00 from
    /// the lexer's tables, the rest from Unicode's properties (a property lookup per character
    /// made a run of 1,000 letters cost 60 µs).
    @inline(__always)
    private static func isLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0xE00 { return Characters.isWordLetter(scalar) }
        return Characters.isLetterOrMark(scalar)
    }

    /// Whether some key of `words` begins with the first key byte of the scalar at `start`.
    private static func mayBegin(_ input: UnsafeBufferPointer<UInt8>, at start: Int, _ words: NumberWords) -> Bool {
        guard !words.isEmpty, let canonical = NumberWords.keyScalar(Characters.decode(input, at: start).scalar) else { return false }
        var first: UInt8?
        NumberWords.appendKeyBytes(of: canonical) { byte in if first == nil { first = byte } }
        guard let first else { return false }
        return words.trie.view.child(of: MarkerTrie.root, byte: first) >= 0
    }

    private static func keyedText(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> KeyedText {
        var text = KeyedText()
        let capacity = min(input.count - start + 8, maximumKeyBytes + 8)
        text.bytes.reserveCapacity(capacity)
        text.starts.reserveCapacity(capacity)
        text.ends.reserveCapacity(capacity)
        text.boundaryBefore.reserveCapacity(capacity)
        var index = start
        var separated = true
        var previousUnspaced = false
        while index < input.count, text.bytes.count < maximumKeyBytes {
            let (scalar, length) = Characters.decode(input, at: index)
            guard let canonical = NumberWords.keyScalar(scalar) else {
                // A space, hyphen or break hint: the next letter begins a word.
                if !Characters.isIgnorable(scalar) { separated = true }
                index += length
                continue
            }
            // Letters, marks and apostrophes (Ukrainian `пʼять`, Maltese `erbaʼ`); a comma
            // before a space may join parts of a number (Irish, Swahili: `milioni moja, elfu`).
            let isComma = canonical == 0x2C && index + length < input.count && input[index + length] == 0x20
            guard isLetter(canonical) || Characters.isApostrophe(canonical) || isComma else { break }
            let scalarStart = index
            index += length
            let spaced = Characters.isWordLetter(canonical) || Characters.isApostrophe(canonical)
            let boundary = separated || !spaced || previousUnspaced || isComma
            var first = true
            NumberWords.appendKeyBytes(of: canonical) { byte in
                text.bytes.append(byte)
                text.starts.append(scalarStart)
                text.ends.append(index)
                text.boundaryBefore.append(first && boundary)
                first = false
            }
            // A mark that folding removes belongs to the letter before it.
            if first, !text.ends.isEmpty { text.ends[text.ends.count - 1] = index }
            separated = false
            previousUnspaced = !spaced
        }
        return text
    }

    /// Up to 16 scaled components, stored in place.
    private struct Components {
        private var storage = InlineArray<16, (exponent: Int8, term: UInt64)>(repeating: (0, 0))
        private(set) var count = 0
        var isEmpty: Bool { count == 0 }
        var last: (exponent: Int8, term: UInt64)? { count == 0 ? nil : storage[count - 1] }
        mutating func append(_ component: (exponent: Int8, term: UInt64)) -> Bool {
            guard count < 16 else { return false }
            storage[count] = component
            count += 1
            return true
        }
        mutating func removeLast() { count -= 1 }
        func allSatisfy(_ predicate: ((exponent: Int8, term: UInt64)) -> Bool) -> Bool {
            for index in 0..<count where !predicate(storage[index]) { return false }
            return true
        }
    }

    /// How the pieces read so far combine.
    private struct Combination {
        /// The value of the scaled components so far.
        var total: UInt64 = 0
        /// Those components (a count times a power of ten), largest first: at most one per
        /// power probed, in place (the search copies combinations at every step).
        var components = Components()
        /// A group not yet multiplied by a scale word.
        var pending: UInt64?
        /// Whether that group is a form that only stands before a scale word.
        var pendingNeedsScale = false
        /// Whether the number is zero (which nothing may follow).
        var isZero = false
        var pieces = 0
        /// A scale word written before its count (Swahili `elfu`), waiting for the count.
        var scaleBeforeCount: Int8?
        /// Whether a joining word came last (`og`, `,`): a scaled part or a group must follow.
        var afterJoiner = false

        /// The combination with one more piece, or nil when the piece cannot come here.
        func adding(_ piece: NumberWords.Piece, multipliesSmallerScales: Bool) -> Combination? {
            guard !isZero else { return nil }
            var next = self
            next.pieces += 1
            next.afterJoiner = false
            if let exponent = scaleBeforeCount {
                // Only the count may follow a scale word written first.
                guard case .group(let count) = piece, count > 0 else { return nil }
                next.scaleBeforeCount = nil
                return next.scaling(by: exponent, count: UInt64(count), multipliesSmallerScales: multipliesSmallerScales)
            }
            switch piece {
            case .joiner:
                guard pending == nil, !components.isEmpty, !afterJoiner else { return nil }
                next.afterJoiner = true
                return next
            case .scaleBeforeCount(let exponent):
                guard pending == nil else { return nil }
                next.scaleBeforeCount = exponent
                return next
            case .group(let value), .groupBeforeScale(let value), .groupAfterScale(let value):
                guard pending == nil else { return nil }
                if case .groupAfterScale = piece, components.isEmpty || afterJoiner { return nil }
                if value == 0 {
                    guard pieces == 0 else { return nil }
                    next.isZero = true
                }
                next.pending = UInt64(value)
                if case .groupBeforeScale = piece { next.pendingNeedsScale = true }
                return next
            case .scale(let exponent):
                // A scale word counts what comes before it: alone it is no number (`million
                // $`), except where it has a scaled count of one (a form ICU writes for one
                // times the power, `mil`, `mille`, or after one for a hundred or a thousand,
                // `тысяча` of `одна тысяча`: NumberWords).
                if pending == nil {
                    guard multipliesSmallerScales, let last = components.last?.exponent, exponent > last else { return nil }
                }
                next.pending = nil
                next.pendingNeedsScale = false
                return next.scaling(by: exponent, count: pending, multipliesSmallerScales: multipliesSmallerScales)
            case .scaledCount(let count, let exponent):
                guard pending == nil else { return nil }
                return next.scaling(by: exponent, count: UInt64(count), multipliesSmallerScales: multipliesSmallerScales)
            }
        }

        /// Adds `count` (one when nil) times 10^exponent.
        private func scaling(by exponent: Int8, count: UInt64?, multipliesSmallerScales: Bool) -> Combination? {
            var next = self
            let power = UInt64(ExactDecimal.powersOfTen[Int(exponent)])
            // `fifteen hundred`: hundreds multiply a count below a hundred only.
            if exponent < 3, (count ?? 1) >= 100 { return nil }
            guard let last = components.last?.exponent, exponent >= last else {
                // Smaller than every scale so far (or the first): a new component below them.
                let multiplier = count ?? 1
                let (term, overflow) = multiplier.multipliedReportingOverflow(by: power)
                guard !overflow, term < limit(below: components.last?.exponent) else { return nil }
                next.total += term
                guard next.components.append((exponent, term)) else { return nil }
                return next
            }
            // Larger than the last: it multiplies every component since the last larger one,
            // and the group before it (`mil doscientos millones`).
            guard multipliesSmallerScales, exponent > last else { return nil }
            var low: UInt64 = 0
            while let smaller = next.components.last, smaller.exponent < exponent {
                low += smaller.term
                next.components.removeLast()
            }
            let multiplier = low + (count ?? (low == 0 ? 1 : 0))
            let (term, overflow) = multiplier.multipliedReportingOverflow(by: power)
            guard !overflow, term < limit(below: next.components.last?.exponent) else { return nil }
            next.total = next.total - low + term
            guard next.components.append((exponent, term)) else { return nil }
            return next
        }

        /// The bound a component must stay under: the next larger component's power.
        private func limit(below exponent: Int8?) -> UInt64 {
            guard let exponent, exponent < 19 else { return .max }
            return UInt64(ExactDecimal.powersOfTen[Int(exponent)])
        }

        /// The number's value, when it may end here.
        var value: UInt64? {
            guard pieces > 0, !pendingNeedsScale, scaleBeforeCount == nil, !afterJoiner else { return nil }
            guard let pending else { return total }
            guard pending < limit(below: components.last?.exponent) else { return nil }
            return total + pending
        }
    }

    /// The bounded search for the reading that reaches furthest.
    private struct Search {
        let text: KeyedText
        let words: NumberWords
        var steps = 0

        /// A reading found: its end (key offset), its value, and its last scale word.
        struct Found {
            var end: Int
            var value: UInt64
            var lastScale: (keyStart: Int, valueBefore: UInt64)?
        }

        /// The furthest key offset a valid reading from `position` reaches, with its value.
        mutating func furthest(from position: Int, state: Combination) -> Found? {
            steps += 1
            var best: Found?
            if position > 0, position == text.bytes.count || text.boundaryBefore[position], let value = state.value {
                best = Found(end: position, value: value)
            }
            guard steps < SpelledNumberReader.maximumSteps else { return best }
            // Every key that matches here (the last 16 at most), tried longest first.
            var matches = InlineArray<16, (end: Int, meaning: Int32)>(repeating: (0, -1))
            var matchCount = 0
            let trie = words.trie.view
            var node = MarkerTrie.root
            var index = position
            while index < text.bytes.count {
                node = trie.child(of: node, byte: text.bytes[index])
                if node < 0 { break }
                index += 1
                let meaning = trie.value(at: node)
                if meaning >= 0 {
                    matches[matchCount % 16] = (index, meaning)
                    matchCount += 1
                }
            }
            for order in stride(from: matchCount - 1, through: max(0, matchCount - 16), by: -1) {
                let match = matches[order % 16]
                for piece in words.meanings[Int(match.meaning)] {
                    guard let next = state.adding(piece, multipliesSmallerScales: words.multipliesSmallerScales),
                          var found = furthest(from: match.end, state: next) else { continue }
                    if found.end == match.end, case .scale(let exponent) = piece,
                       state.components.isEmpty || words.multipliesSmallerScales && state.components.allSatisfy({ $0.exponent < exponent }) {
                        // The number ends with a scale word that multiplies all of what came
                        // before it (`deux millions`, `mil doscientos millones`).
                        found.lastScale = state.value.map { (position, $0) }
                    }
                    if found.end > (best?.end ?? 0) { best = found }
                }
                if steps >= SpelledNumberReader.maximumSteps { break }
            }
            return best
        }
    }
}
