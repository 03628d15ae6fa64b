/// A set of currencies as a fixed-size bitmap over ``CurrencyCatalog`` indexes.
///
/// Candidate sets of currency markers are combined on the parse hot path; a bitmap makes
/// union, intersection and "exactly one?" a handful of word operations with no allocation.
struct CurrencySet: Hashable, Sendable {
    /// How many currencies the bitmap can hold (ICU 72 knows 306; ICU adds one or two a year).
    /// Six words rather than eight: every set the parse builds and combines is a quarter
    /// smaller (measured: fewer instructions per parse in currency resolution).
    static let capacity = 384

    /// Words in the bitmap.
    private static let wordCount = 6

    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

    init() {}

    init<S: Sequence<UInt16>>(_ indexes: S) {
        for index in indexes { insert(index) }
    }

    private func word(_ position: Int) -> UInt64 {
        switch position {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        case 3: words.3
        case 4: words.4
        default: words.5
        }
    }

    private mutating func setWord(_ position: Int, _ value: UInt64) {
        switch position {
        case 0: words.0 = value
        case 1: words.1 = value
        case 2: words.2 = value
        case 3: words.3 = value
        case 4: words.4 = value
        default: words.5 = value
        }
    }

    mutating func insert(_ index: UInt16) {
        let position = Int(index) >> 6
        setWord(position, word(position) | (1 << UInt64(index & 63)))
    }

    func contains(_ index: UInt16) -> Bool {
        word(Int(index) >> 6) & (1 << UInt64(index & 63)) != 0
    }

    var isEmpty: Bool {
        (words.0 | words.1 | words.2 | words.3 | words.4 | words.5) == 0
    }

    var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
            + words.4.nonzeroBitCount + words.5.nonzeroBitCount
    }

    /// The only member, when there is exactly one.
    var single: UInt16? {
        guard count == 1 else { return nil }
        return first
    }

    /// The smallest member.
    var first: UInt16? {
        for position in 0..<CurrencySet.wordCount {
            let bits = word(position)
            if bits != 0 { return UInt16(position * 64 + bits.trailingZeroBitCount) }
        }
        return nil
    }

    func union(_ other: CurrencySet) -> CurrencySet {
        var result = self
        result.formUnion(other)
        return result
    }

    mutating func formUnion(_ other: CurrencySet) {
        for position in 0..<CurrencySet.wordCount { setWord(position, word(position) | other.word(position)) }
    }

    func intersection(_ other: CurrencySet) -> CurrencySet {
        var result = CurrencySet()
        for position in 0..<CurrencySet.wordCount { result.setWord(position, word(position) & other.word(position)) }
        return result
    }

    static func == (lhs: CurrencySet, rhs: CurrencySet) -> Bool {
        (0..<CurrencySet.wordCount).allSatisfy { lhs.word($0) == rhs.word($0) }
    }

    func hash(into hasher: inout Hasher) {
        for position in 0..<CurrencySet.wordCount { hasher.combine(word(position)) }
    }

    /// Members in ascending index order (which is code order).
    var members: [UInt16] {
        var result: [UInt16] = []
        for position in 0..<CurrencySet.wordCount {
            var bits = word(position)
            while bits != 0 {
                result.append(UInt16(position * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return result
    }
}

extension CurrencySet {
    /// Writes the bitmap's words for the table cache on disk (``DerivedTableCache``).
    func encode(to writer: inout TableWriter) {
        for position in 0..<CurrencySet.wordCount { writer.write(word(position)) }
    }

    /// Reads a set ``encode(to:)`` wrote, refusing one that names an index at or beyond
    /// `limit` (the number of currencies ICU knows).
    init(reading reader: inout TableReader, limit: Int) throws(TableReader.Invalid) {
        // The six words in one block, and one test of the bits at or past `limit` (reading
        // them one by one, with a bounds check each, was a third of reading the global tables).
        let read = try reader.readBlock(size: 8 * CurrencySet.wordCount) { raw -> CurrencySet? in
            var set = CurrencySet()
            var outside: UInt64 = 0
            for position in 0..<CurrencySet.wordCount {
                let bits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * position, as: UInt64.self))
                let first = position * 64
                let allowed = limit <= first ? 0 : (limit >= first + 64 ? UInt64.max : (1 << UInt64(limit - first)) - 1)
                outside |= bits & ~allowed
                set.setWord(position, bits)
            }
            return outside == 0 ? set : nil
        }
        guard let read else { throw TableReader.Invalid() }
        self = read
    }
}

/// Distinct currency sets, each kept once and numbered in order of first sight: a table whose
/// many keys share a few sets (name tables, qualifier words) keeps a number per key instead of
/// a 48-byte set.
struct CurrencySetPool {
    /// The sets, by number.
    private(set) var sets: [CurrencySet] = []
    private var numbers: [CurrencySet: Int] = [:]

    /// The number of a set, given one on first sight.
    mutating func number(of set: CurrencySet) -> Int {
        if let known = numbers[set] { return known }
        sets.append(set)
        numbers[set] = sets.count - 1
        return sets.count - 1
    }
}
