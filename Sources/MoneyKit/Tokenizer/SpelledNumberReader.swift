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
    /// neither a letter nor a separator between words (or ``maximumKeyBytes``). Keyed only
    /// as far as a search asks: a number ends long before the letters after it (`twelve
    /// dollars and fifty cents` is tried at `twelve`, `and` and `fifty`), and keying the
    /// whole run at each try cost a parse in words a sixth of its time (perf).
    private struct KeyedText {
        /// One key byte, with where it came from.
        struct KeyByte {
            var byte: UInt8
            /// Whether a word may end before this byte (a separator came before it, or a
            /// letter of a script written without spaces is on either side).
            var boundaryBefore: Bool
            /// The input offsets of the scalar it came from, and just past it (the input
            /// is at most ``MoneyParser/maximumInputLength`` bytes long).
            var start: Int32
            var end: Int32
        }

        /// The key bytes so far, in a buffer the caller lends (on the stack for numbers of up
        /// to about 70 letters: ``capacityOnStack``).
        private let storage: UnsafeMutableBufferPointer<KeyByte>
        private(set) var count = 0
        private let input: UnsafeBufferPointer<UInt8>
        /// The next input offset to key, and what came before it.
        private var index: Int
        private var separated = true
        private var previousUnspaced = false
        private var isComplete = false
        /// Whether keying stopped because the buffer was full, with input left to key.
        private(set) var ranOutOfRoom = false

        /// Most key bytes one scalar gives (a lower-case mapping of up to three scalars).
        static let mostBytesPerScalar = 12

        /// The room a text keyed from `start` needs: a scalar's key bytes are at most three
        /// per UTF-8 byte it takes, and keying stops at ``maximumKeyBytes``.
        static func capacity(forKeying input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            min(3 * (input.count - start), maximumKeyBytes) + mostBytesPerScalar
        }

        /// The most records asked for on the stack: 1 KiB. The standard library's temporary
        /// allocation put larger requests on the heap here (asking for room for the whole
        /// rest of the input cost 0.31 allocations per parse in words; parsebench `--words`).
        static let capacityOnStack = 1024 / MemoryLayout<KeyByte>.stride

        init(_ input: UnsafeBufferPointer<UInt8>, from start: Int, storage: UnsafeMutableBufferPointer<KeyByte>) {
            self.input = input
            self.storage = storage
            index = start
        }

        /// A text that is a key already (one input offset per byte), in `storage` of at
        /// least the key's count.
        init(key: [UInt8], storage: UnsafeMutableBufferPointer<KeyByte>) {
            input = UnsafeBufferPointer(start: nil, count: 0)
            self.storage = storage
            index = 0
            isComplete = true
            for (offset, byte) in key.enumerated() {
                storage.initializeElement(at: offset, to: KeyByte(byte: byte, boundaryBefore: false, start: Int32(offset),
                                                                  end: Int32(offset + 1)))
            }
            count = key.count
        }

        /// The key byte at `position` (keyed already: see ``hasByte(at:)``).
        @inline(__always)
        subscript(position: Int) -> KeyByte { storage[position] }

        @inline(__always)
        private mutating func append(_ key: KeyByte) {
            storage.initializeElement(at: count, to: key)
            count += 1
        }

        /// Whether the text has a key byte at `position`, keying the input up to it.
        @inline(__always)
        mutating func hasByte(at position: Int) -> Bool {
            while position >= count, !isComplete { keyNextScalar() }
            return position < count
        }

        /// Keys the next scalar of the input, or marks the text complete.
        private mutating func keyNextScalar() {
            guard index < input.count, count < maximumKeyBytes else {
                isComplete = true
                return
            }
            guard count + KeyedText.mostBytesPerScalar <= storage.count else {
                isComplete = true
                ranOutOfRoom = true
                return
            }
            // ASCII letters, most of the letters read, keyed directly (lower case; what the
            // general path below gives them).
            let byte = input[index]
            if Characters.isASCIILetter(byte) {
                append(KeyByte(byte: byte | 0x20, boundaryBefore: separated || previousUnspaced, start: Int32(index),
                               end: Int32(index + 1)))
                index += 1
                separated = false
                previousUnspaced = false
                return
            }
            let (scalar, length) = Characters.decode(input, at: index)
            guard let canonical = NumberWords.keyScalar(scalar) else {
                // A space, hyphen or break hint: the next letter begins a word.
                if !Characters.isIgnorable(scalar) { separated = true }
                index += length
                return
            }
            // Letters, marks and apostrophes (Ukrainian `пʼять`, Maltese `erbaʼ`); a comma
            // before a space may join parts of a number (Irish, Swahili: `milioni moja, elfu`).
            let isComma = canonical == 0x2C && index + length < input.count && input[index + length] == 0x20
            guard isLetter(canonical) || Characters.isApostrophe(canonical) || isComma else {
                isComplete = true
                return
            }
            let scalarStart = Int32(index)
            index += length
            let scalarEnd = Int32(index)
            let spaced = Characters.isWordLetter(canonical) || Characters.isApostrophe(canonical)
            var boundary = separated || !spaced || previousUnspaced || isComma
            let countBefore = count
            NumberWords.appendKeyBytes(of: canonical) { byte in
                append(KeyByte(byte: byte, boundaryBefore: boundary, start: scalarStart, end: scalarEnd))
                boundary = false
            }
            // A mark that folding removes belongs to the letter before it.
            if count == countBefore, countBefore > 0 { storage[countBefore - 1].end = scalarEnd }
            separated = false
            previousUnspaced = !spaced
        }
    }

    /// The most key bytes read: a number up to 10^12 in any language is far shorter.
    static let maximumKeyBytes = 512

    /// The number spelled in words at `start`, if any, in the locale's language or, failing
    /// that, in English (Docs/ParsingRules.md §8); the longer reading when both read one.
    static func read(_ input: UnsafeBufferPointer<UInt8>, from start: Int, locale: String) -> Reading? {
        read(input, from: start, own: NumberWords.forLocale(locale), readsEnglish: ScaleWords.languageAndScript(locale) != "en")
    }

    /// ``read(_:from:locale:)`` with the language's words at hand (the lexer's profile keeps them).
    /// Inlined where it is called: most runs of letters that reach here begin no number
    /// word, and the first of the cheap tests that tell (``mayBegin(_:at:_:)``) then costs
    /// no call (in free text, every word is asked).
    @inline(__always)
    static func read(_ input: UnsafeBufferPointer<UInt8>, from start: Int, own: NumberWords, readsEnglish: Bool) -> Reading? {
        guard mayBegin(input, at: start, own) || readsEnglish && mayBegin(input, at: start, NumberWords.english) else { return nil }
        return readingAfterTests(input, from: start, own: own, readsEnglish: readsEnglish)
    }

    /// ``read(_:from:own:readsEnglish:)`` once the cheap tests have passed.
    private static func readingAfterTests(_ input: UnsafeBufferPointer<UInt8>, from start: Int, own: NumberWords,
                                          readsEnglish: Bool) -> Reading? {
        // Keyed into a buffer on the stack first (numbers of up to about 70 letters, nearly
        // all, fit: ``KeyedText/capacityOnStack``); a longer one is read again with room for
        // every letter there may be.
        let needed = KeyedText.capacity(forKeying: input, from: start)
        let onStack = keyedReading(input, from: start, own: own, readsEnglish: readsEnglish,
                                   capacity: min(needed, KeyedText.capacityOnStack))
        guard onStack.ranOutOfRoom else { return onStack.reading }
        return keyedReading(input, from: start, own: own, readsEnglish: readsEnglish, capacity: needed).reading
    }

    /// ``read(_:from:own:readsEnglish:)`` with room for `capacity` key bytes, and whether it ran
    /// out of room before the search ended (its reading may then be too short).
    private static func keyedReading(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, own: NumberWords, readsEnglish: Bool, capacity: Int
    ) -> (reading: Reading?, ranOutOfRoom: Bool) {
        withUnsafeTemporaryAllocation(of: KeyedText.KeyByte.self, capacity: capacity) { storage in
            var text = KeyedText(input, from: start, storage: storage)
            guard text.hasByte(at: 0) else { return (nil, text.ranOutOfRoom) }
            var best = reading(&text, with: own)
            if readsEnglish {
                if let english = reading(&text, with: NumberWords.english), english.end > (best?.end ?? start) { best = english }
            }
            return (best, text.ranOutOfRoom)
        }
    }

    /// The value of a whole key (a spelled text keyed by ``NumberWords/key(of:)``), or nil when
    /// the key is no number of the language.
    static func value(ofKey key: [UInt8], in words: NumberWords) -> UInt64? {
        guard !key.isEmpty else { return nil }
        return withUnsafeTemporaryAllocation(of: KeyedText.KeyByte.self, capacity: key.count) { storage in
            var text = KeyedText(key: key, storage: storage)
            guard let reading = reading(&text, with: words), reading.end == key.count else { return nil }
            return reading.value
        }
    }

    private static func reading(_ text: inout KeyedText, with words: NumberWords) -> Reading? {
        guard !words.isEmpty else { return nil }
        // The table read through borrowed buffers for the whole search: reading the class's
        // arrays at each step retained and released them (13 times per parse, callgrind).
        let found = words.pieces.withUnsafeBufferPointer { pieces in
            words.meaningStarts.withUnsafeBufferPointer { meaningStarts in
                var search = Search(trie: words.trie.doubleArrayView, pieces: pieces, meaningStarts: meaningStarts,
                                    multipliesSmallerScales: words.multipliesSmallerScales)
                return search.furthest(from: 0, state: Combination(), in: &text)
            }
        }
        guard let found else { return nil }
        // The search keyed every byte it read (a reading's end was checked for a boundary).
        var reading = Reading(end: Int(text[found.end - 1].end), value: found.value)
        if let tail = found.lastScale, tail.keyStart > 0 {
            reading.lastScale = Reading.LastScale(start: Int(text[tail.keyStart].start),
                                                  endBefore: Int(text[tail.keyStart - 1].end), valueBefore: tail.valueBefore)
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

    /// Whether a number of `words` may begin at `start`: three tests, cheapest first, so that
    /// most runs of letters are turned away before the text is keyed (a parse's word that is
    /// no marker; in free text every word, Docs/Extraction.md). The first is the rule the
    /// reader has always had; the other two are necessary conditions of a reading (what
    /// ``KeyedText`` would key there must begin with a key), so they change no result
    /// (Fuzz/differential.sh: no difference in 10,000,000 inputs):
    /// - the first scalar keys to bytes, and they are a path of the trie (`x`, `q` fail);
    /// - the first two key bytes begin some key (one bit of ``NumberWords/beginningPairs``;
    ///   a space or hyphen after the first word is left out as keys leave it: `a hundred`
    ///   gives `ah`). On the extraction benchmark's text this took the scan from 104-118 to
    ///   156-166 MB/s: the trie is larger than the first-level cache (English's has 11,833
    ///   slots, 139 KiB; Russian's 48,385, 567 KiB), and a walk's second step lands far
    ///   from its first;
    /// - the word's key bytes split into keys, the last of which may go on after the word
    ///   (``wordWalks(_:from:in:)``).
    /// Where a test cannot tell (a character keys otherwise than a letter would), it passes.
    /// A word that begins with two ASCII letters (most words of most texts) is keyed as
    /// those letters in lower case, and its pair's bit implies the first test: it is asked
    /// first, before anything is decoded (a third of the instructions of a scan of text
    /// without amounts went to the general path, callgrind).
    @inline(__always)
    private static func mayBegin(_ input: UnsafeBufferPointer<UInt8>, at start: Int, _ words: NumberWords) -> Bool {
        // (A language without number words has no pair's bit set.)
        if start + 1 < input.count, Characters.isASCIILetter(input[start]), Characters.isASCIILetter(input[start + 1]) {
            return words.keyMayBegin(with: input[start] | 0x20, input[start + 1] | 0x20) && wordWalks(input, from: start, in: words.trie.doubleArrayView)
        }
        return mayBeginDecoding(input, at: start, words)
    }

    /// ``mayBegin(_:at:_:)`` for a word that does not begin with two ASCII letters.
    private static func mayBeginDecoding(_ input: UnsafeBufferPointer<UInt8>, at start: Int, _ words: NumberWords) -> Bool {
        guard !words.isEmpty, start < input.count else { return false }
        guard let canonical = NumberWords.keyScalar(Characters.decode(input, at: start).scalar) else { return false }
        // The first scalar's key bytes; one that keys to nothing (a mark that folding
        // removes) begins no number here.
        let trie = words.trie.doubleArrayView
        var node = MarkerTrie.root
        var keyed = false
        NumberWords.appendKeyBytes(of: canonical) { byte in
            keyed = true
            if node >= 0 { node = trie.child(of: node, byte: byte) }
        }
        guard keyed, node >= 0 else { return false }
        if let (first, second) = firstKeyPair(input, at: start) {
            guard words.keyMayBegin(with: first, second) else { return false }
        }
        return wordWalks(input, from: start, in: trie)
    }

    /// The first two key bytes of the text at `start`, keyed as ``KeyedText`` keys it; nil
    /// when a character before the second is no letter, space or hyphen (the test passes).
    private static func firstKeyPair(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> (UInt8, UInt8)? {
        var first: UInt8?
        var index = start
        while index < input.count, index - start < 16 {
            let byte = input[index]
            if byte < 0x80 {
                if Characters.isASCIILetter(byte) {
                    if let first { return (first, byte | 0x20) }
                    first = byte | 0x20
                } else if first == nil || (byte != 0x20 && byte != 0x2D) {
                    return nil
                }
                index += 1
                continue
            }
            let (scalar, length) = Characters.decode(input, at: index)
            index += length
            // A break hint or ignorable mark: keyed as nothing.
            guard let canonical = NumberWords.keyScalar(scalar) else { continue }
            guard Characters.isWordLetter(canonical) else { return nil }
            var pair: (UInt8, UInt8)?
            NumberWords.appendKeyBytes(of: canonical) { byte in
                guard pair == nil else { return }
                if let known = first { pair = (known, byte) } else { first = byte }
            }
            if let pair { return pair }
        }
        return nil
    }

    /// Whether the key bytes of the word at `start` (its letters, up to the first other
    /// character) split into keys of the trie, the last of which may go on into the next
    /// word (`a hundred` is the key `ahundred`) or end with it.
    /// A reading ends only where a word ends, so within a word of a spaced script each key
    /// that ends before a letter must be followed by another key (`zweihunderttausend` is
    /// `zweihundert` then `tausend`; `and` is no `a` then a key beginning `nd`). Every
    /// split is followed, within a budget of steps; past it, or at a character that keys
    /// otherwise than a letter, the test passes.
    private static func wordWalks(_ input: UnsafeBufferPointer<UInt8>, from start: Int, in trie: MarkerTrie.DoubleArrayView) -> Bool {
        var budget = maximumWalkSteps
        return wordWalks(input, from: start, in: trie, budget: &budget)
    }

    /// Trie steps the splits of one word may take before ``wordWalks(_:from:in:)`` passes
    /// (a word of one repeated key, `aaaa…`, splits at every letter).
    private static let maximumWalkSteps = 64

    private static func wordWalks(_ input: UnsafeBufferPointer<UInt8>, from start: Int, in trie: MarkerTrie.DoubleArrayView,
                                  budget: inout Int) -> Bool {
        var node = MarkerTrie.root
        var index = start
        while index < input.count {
            budget -= 1
            if budget < 0 { return true }
            let byte = input[index]
            if byte < 0x80 {
                guard Characters.isASCIILetter(byte) else {
                    // The word ends inside a key, which may go on in the next word after
                    // spaces and hyphens, as keys leave them out (`on each` is no `one`
                    // then a key beginning `ach`); after anything else, or more than a few
                    // spaces, the test passes.
                    guard byte == 0x20 || byte == 0x2D else { return true }
                    var next = index + 1
                    while next < input.count, next - index < 4, input[next] == 0x20 || input[next] == 0x2D { next += 1 }
                    guard next < input.count, Characters.isASCIILetter(input[next]) else { return true }
                    index = next
                    continue
                }
                node = trie.child(of: node, byte: byte | 0x20)
                index += 1
            } else {
                let (scalar, length) = Characters.decode(input, at: index)
                guard let canonical = NumberWords.keyScalar(scalar), Characters.isWordLetter(canonical) else { return true }
                // A key that ends inside a letter's key bytes (`ß` keys as `ss`): not
                // followed here, the test passes.
                var keyEndsInside = false
                var wholeKeyBefore = false
                NumberWords.appendKeyBytes(of: canonical) { byte in
                    guard node >= 0 else { return }
                    if wholeKeyBefore { keyEndsInside = true }
                    node = trie.child(of: node, byte: byte)
                    wholeKeyBefore = node >= 0 && trie.value(at: node) >= 0
                }
                if keyEndsInside { return true }
                index += length
            }
            if node < 0 { return false }
            if trie.value(at: node) >= 0 {
                // A whole key ends here: the word ends, or another key begins after it.
                guard index < input.count, continuesWord(input, at: index) else { return true }
                if wordWalks(input, from: index, in: trie, budget: &budget) { return true }
            }
        }
        return true
    }

    /// Whether the character at `index` is a letter keyed with no word boundary before it
    /// (the word goes on): an ASCII letter, or a letter or mark of a spaced script.
    private static func continuesWord(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = input[index]
        if byte < 0x80 { return Characters.isASCIILetter(byte) }
        guard let canonical = NumberWords.keyScalar(Characters.decode(input, at: index).scalar) else { return false }
        return Characters.isWordLetter(canonical)
    }

    /// Up to 16 scaled components, stored in place (exponents and terms apart: the search
    /// copies combinations at every step, and pairs would take twice the bytes).
    private struct Components {
        private var exponents = InlineArray<16, Int8>(repeating: 0)
        private var terms = InlineArray<16, UInt64>(repeating: 0)
        private(set) var count = 0
        var isEmpty: Bool { count == 0 }
        var last: (exponent: Int8, term: UInt64)? { count == 0 ? nil : (exponents[count - 1], terms[count - 1]) }
        mutating func append(_ component: (exponent: Int8, term: UInt64)) -> Bool {
            guard count < 16 else { return false }
            exponents[count] = component.exponent
            terms[count] = component.term
            count += 1
            return true
        }
        mutating func removeLast() { count -= 1 }
        /// Whether every component's power is below `exponent`.
        func allBelow(_ exponent: Int8) -> Bool {
            for index in 0..<count where exponents[index] >= exponent { return false }
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
        /// The language's table (``NumberWords``), borrowed for the search.
        let trie: MarkerTrie.DoubleArrayView
        let pieces: UnsafeBufferPointer<NumberWords.Piece>
        let meaningStarts: UnsafeBufferPointer<Int32>
        let multipliesSmallerScales: Bool
        var steps = 0

        /// A reading found: its end (key offset), its value, and its last scale word.
        struct Found {
            var end: Int
            var value: UInt64
            var lastScale: (keyStart: Int, valueBefore: UInt64)?
        }

        /// The furthest key offset a valid reading from `position` reaches, with its value.
        mutating func furthest(from position: Int, state: Combination, in text: inout KeyedText) -> Found? {
            steps += 1
            var best: Found?
            if position > 0, !text.hasByte(at: position) || text[position].boundaryBefore, let value = state.value {
                best = Found(end: position, value: value)
            }
            guard steps < SpelledNumberReader.maximumSteps else { return best }
            // Every key that matches here (the last 16 at most), tried longest first.
            var matches = InlineArray<16, (end: Int32, meaning: Int32)>(repeating: (0, -1))
            var matchCount = 0
            var node = MarkerTrie.root
            var index = position
            while text.hasByte(at: index) {
                node = trie.child(of: node, byte: text[index].byte)
                if node < 0 { break }
                index += 1
                let meaning = trie.value(at: node)
                if meaning >= 0 {
                    matches[matchCount % 16] = (Int32(index), meaning)
                    matchCount += 1
                }
            }
            for order in stride(from: matchCount - 1, through: max(0, matchCount - 16), by: -1) {
                let match = matches[order % 16]
                for piece in pieces[Int(meaningStarts[Int(match.meaning)])..<Int(meaningStarts[Int(match.meaning) + 1])] {
                    guard let next = state.adding(piece, multipliesSmallerScales: multipliesSmallerScales),
                          var found = furthest(from: Int(match.end), state: next, in: &text) else { continue }
                    if found.end == Int(match.end), case .scale(let exponent) = piece,
                       state.components.isEmpty || multipliesSmallerScales && state.components.allBelow(exponent) {
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
