/// The qualifier words of one language's currency names (`australischer`, `suiza`, `США`,
/// `台湾`), for reading a qualifier next to a noun (Docs/ParsingRules.md §7): `3 Millionen
/// australischen Dollar`, `30 coroas suecas`, `5千台湾ドル`.
///
/// A word of the input is a qualifier of a currency when it is one of the currency's
/// qualifier words (in any of the forms ``UnitWords`` relates), or — in scripts that separate
/// words with spaces — when it shares a stem of at least four letters with one, each differing
/// from the stem in at most its last three letters (`australischen` and `australischer`,
/// `tedeschi` and `tedesco`): another case, gender or number of the same adjective. A
/// qualifier never names a currency alone; next to a noun it only narrows the noun's
/// currencies to those it qualifies.
///
/// Keys are folded marker keys: every qualifier word, and every stem of it that the rule
/// allows (its first four or more letters, at most three short of the word).
final class QualifierWords: Sendable {
    /// What a key is: the currencies of the words it is a stem of, and of the word it is.
    struct Entry: Sendable {
        // Stored as -1 for none: an entry of two Optional<Int32> would take 16 bytes instead
        // of 8, for every word and stem of every language's qualifier words.
        fileprivate var stemIndex: Int32 = -1
        fileprivate var wordIndex: Int32 = -1

        init() {}

        fileprivate init(stemIndex: Int32, wordIndex: Int32) {
            self.stemIndex = stemIndex
            self.wordIndex = wordIndex
        }

        /// Index into ``sets`` of the currencies whose qualifier words have this key as a
        /// stem of four or more letters, if any.
        var stemOf: Int? {
            get { stemIndex < 0 ? nil : Int(stemIndex) }
            set { stemIndex = newValue.map(Int32.init) ?? -1 }
        }

        /// Index into ``sets`` of the currencies whose qualifier word this key is, if any.
        var wordOf: Int? {
            get { wordIndex < 0 ? nil : Int(wordIndex) }
            set { wordIndex = newValue.map(Int32.init) ?? -1 }
        }
    }

    /// Fewest letters a shared stem has.
    static let shortestStem = 4
    /// Most letters a word may have beyond the shared stem.
    static let longestEnding = 3

    /// Every word and stem, folded (tests walk its keys).
    let trie: MarkerTrie
    private let entries: [Entry]
    /// The distinct currency sets the entries point to.
    private let sets: [CurrencySet]

    /// Builds the table of a language's qualifier words (folded keys).
    init(_ qualifiers: [ByteKey: CurrencySet]) {
        // Every word and stem as a piece of one byte store, with the word's currencies;
        // pieces are sorted by key so that equal keys merge. (Sorting small index records
        // over one store costs a fraction of sorting arrays of slices: this runs once per
        // language at cold start.)
        var store: [UInt8] = []
        var pieces: [Piece] = []
        var wordSets: [CurrencySet] = []
        pieces.reserveCapacity(qualifiers.count * 4)
        wordSets.reserveCapacity(qualifiers.count)
        var boundaries: [Int] = []
        for (word, currencies) in qualifiers {
            let start = store.count
            store.append(contentsOf: word.bytes)
            let set = Int32(wordSets.count)
            wordSets.append(currencies)
            pieces.append(Piece(start: Int32(start), length: Int32(word.bytes.count), set: set, isWord: true))
            QualifierWords.scalarEnds(word.bytes, into: &boundaries)
            let count = boundaries.count
            guard count >= QualifierWords.shortestStem, QualifierWords.takesStems(word.bytes) else { continue }
            for length in max(QualifierWords.shortestStem, count - QualifierWords.longestEnding)...count {
                let bytes = boundaries[length - 1] - word.bytes.startIndex
                pieces.append(Piece(start: Int32(start), length: Int32(bytes), set: set, isWord: false))
            }
        }
        store.withUnsafeBufferPointer { store in
            pieces.sort { QualifierWords.compare($0, $1, in: store) < 0 }
        }
        var pool = CurrencySetPool()
        var keys: [(key: [UInt8], value: Int32)] = []
        var entries: [Entry] = []
        var position = 0
        store.withUnsafeBufferPointer { store in
            while position < pieces.count {
                var stems = CurrencySet()
                var whole = CurrencySet()
                let first = pieces[position]
                while position < pieces.count, QualifierWords.compare(pieces[position], first, in: store) == 0 {
                    let piece = pieces[position]
                    if piece.isWord { whole.formUnion(wordSets[Int(piece.set)]) } else { stems.formUnion(wordSets[Int(piece.set)]) }
                    position += 1
                }
                // A whole word of four letters or more is its own stem.
                var entry = Entry()
                if !stems.isEmpty { entry.stemOf = pool.number(of: stems) }
                if !whole.isEmpty { entry.wordOf = pool.number(of: whole) }
                keys.append((Array(store[Int(first.start)..<Int(first.start + first.length)]), Int32(entries.count)))
                entries.append(entry)
            }
        }
        trie = MarkerTrie(keys, tails: true)
        self.entries = entries.exactlySized
        sets = pool.sets.exactlySized
    }

    /// Writes the table for the table cache on disk (``DerivedTableCache``).
    func encode(to writer: inout TableWriter) {
        writer.write(entries.flatMap { [$0.stemIndex, $0.wordIndex] })
        writer.write(sets)
        trie.encode(to: &writer)
    }

    /// Reads a table ``encode(to:)`` wrote.
    init(reading reader: inout TableReader) throws(TableReader.Invalid) {
        let indexes = try reader.readArray(of: Int32.self)
        let sets = try reader.readSets()
        guard indexes.count % 2 == 0, indexes.allSatisfy({ $0 >= -1 && Int($0) < sets.count }) else {
            throw TableReader.Invalid()
        }
        entries = (0..<indexes.count / 2).map { Entry(stemIndex: indexes[2 * $0], wordIndex: indexes[2 * $0 + 1]) }
        self.sets = sets
        trie = try MarkerTrie(reading: &reader, valueLimit: entries.count, tails: true)
    }

    /// A word or stem while the table is built: its bytes in the build's byte store, and
    /// the currencies of the word it comes from.
    private struct Piece {
        var start: Int32
        var length: Int32
        /// Index of the word's currencies.
        var set: Int32
        /// Whether this is the whole word (not a stem of it).
        var isWord: Bool
    }

    /// Orders two pieces by their bytes: negative, zero or positive.
    private static func compare(_ left: Piece, _ right: Piece, in store: UnsafeBufferPointer<UInt8>) -> Int {
        let shorter = Int(min(left.length, right.length))
        var offset = 0
        while offset < shorter {
            let a = store[Int(left.start) + offset], b = store[Int(right.start) + offset]
            if a != b { return Int(a) - Int(b) }
            offset += 1
        }
        return Int(left.length) - Int(right.length)
    }

    /// Whether stems apply to a word: it is written in a script that separates words with
    /// spaces (Latin, Cyrillic, Greek, Arabic...), where endings inflect.
    private static func takesStems(_ word: ArraySlice<UInt8>) -> Bool {
        String(decoding: word, as: UTF8.self).unicodeScalars.allSatisfy { Characters.isWordLetter($0.value) }
    }

    /// The byte offset just past each scalar of UTF-8 bytes (into a reused array).
    private static func scalarEnds(_ bytes: ArraySlice<UInt8>, into ends: inout [Int]) {
        ends.removeAll(keepingCapacity: true)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            index += 1
            while index < bytes.endIndex, bytes[index] & 0xC0 == 0x80 { index += 1 }
            ends.append(index)
        }
    }

    /// The qualifier word of the input at `start`: where it ends and the currencies it
    /// qualifies; nil when there is none. In spaced scripts the word is the whole run of
    /// letters from `start`; in others (Han, kana, Thai, Hangul) the longest whole qualifier
    /// word that starts there.
    func match(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, currencies: CurrencySet)? {
        guard start < bytes.count else { return nil }
        let first = Characters.canonical(Characters.decode(bytes, at: start).scalar)
        if Characters.isWordLetter(first) { return spacedMatch(in: bytes, from: start) }
        guard let longest = MarkerKey.longestMatch(in: bytes, from: start, trie: trie, folded: true, accepting: {
            self.entries[Int($0)].wordOf != nil
        }), let word = entries[Int(longest.value)].wordOf else { return nil }
        return (longest.end, sets[word])
    }

    /// A word of a spaced script: the run of letters from `start`, matched whole or by stem.
    private func spacedMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, currencies: CurrencySet)? {
        // A word begins with a few marks that folding removes at most (a run of stray marks
        // is no word, and is not scanned to its end: see MarkerKey.leadingMarksSkipped).
        var leading = start
        var leadingMarks = 0
        while leading < bytes.count {
            let (scalar, length) = Characters.decode(bytes, at: leading)
            guard MarkerKey.isRemovedByFolding(Characters.canonical(scalar)) else { break }
            leadingMarks += 1
            if leadingMarks > MarkerKey.leadingMarksSkipped { return nil }
            leading += length
        }
        // Most words (every number word a reading in digits meets) share no key with a
        // qualifier: a walk that stops at the first letter the trie lacks turns them away
        // before the word's extent is scanned.
        guard reachesKey(in: bytes, from: leading) else { return nil }
        // The word's extent and its length in folded letters.
        var end = start
        var letters = 0
        while end < bytes.count {
            let (scalar, length) = Characters.decode(bytes, at: end)
            let canonical = Characters.canonical(scalar)
            guard Characters.isWordLetter(canonical) || Characters.isIgnorable(scalar) else { break }
            if Characters.isWordLetter(canonical), !MarkerKey.isRemovedByFolding(canonical) { letters += 1 }
            end += length
        }
        guard letters > 0 else { return nil }
        // Walk the word's folded letters; at each letter, the key ending there may be a stem
        // (four or more letters, at most three short of the word) or the whole word.
        var found = CurrencySet()
        var matched = false
        var node = MarkerTrie.root
        var index = start
        var depth = 0
        var previousWasSpace = false
        while index < end, node >= 0 {
            guard let canonical = MarkerKey.nextKeyScalar(bytes, at: &index, previousWasSpace: &previousWasSpace) else { continue }
            if MarkerKey.isRemovedByFolding(canonical) { continue }
            guard let next = step(from: node, by: canonical) else { break }
            node = next
            depth += 1
            let value = trie.value(at: node)
            guard value >= 0 else { continue }
            let entry = entries[Int(value)]
            if depth == letters, let word = entry.wordOf {
                found.formUnion(sets[word])
                matched = true
            }
            if let stem = entry.stemOf, depth >= QualifierWords.shortestStem, letters - depth <= QualifierWords.longestEnding {
                found.formUnion(sets[stem])
                matched = true
            }
        }
        return matched ? (end, found) : nil
    }

    /// Whether the folded letters of the word at `start` reach a key of the table (a word or
    /// a stem) before the trie has no child for one of them: when they do not, no prefix of
    /// the word is a key and ``spacedMatch(in:from:)`` has nothing to find. It steps the same
    /// key scalars as that walk, so it never turns away a word the walk would match.
    private func reachesKey(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var node = MarkerTrie.root
        var index = start
        var previousWasSpace = false
        while index < bytes.count {
            guard let canonical = MarkerKey.nextKeyScalar(bytes, at: &index, previousWasSpace: &previousWasSpace) else { continue }
            guard Characters.isWordLetter(canonical) else { return false }
            if MarkerKey.isRemovedByFolding(canonical) { continue }
            guard let next = step(from: node, by: canonical) else { return false }
            node = next
            if trie.value(at: node) >= 0 { return true }
        }
        return false
    }

    /// The trie node after a letter's folded key bytes from `node`; nil when the trie has no
    /// child for one of them.
    @inline(__always)
    private func step(from node: Int32, by canonical: UInt32) -> Int32? {
        var node = node
        var alive = true
        MarkerKey.appendKeyBytes(of: canonical, folded: true) { byte in
            guard alive else { return }
            let next = trie.child(of: node, byte: byte)
            if next < 0 { alive = false } else { node = next }
        }
        return alive ? node : nil
    }

    /// Whether a qualifier word longer than one character begins with this scalar (a CJK or
    /// Korean numeral that starts a word: 일 of 일본).
    func beginsLongerWord(_ scalar: UInt32) -> Bool {
        let node = trie.child(of: MarkerTrie.root, scalar: MarkerKey.foldedScalar(scalar) ?? scalar)
        return node >= 0 && trie.view.hasChildren(node)
    }

    /// Every key, for memory reports.
    var keyCount: Int { entries.count }
}
