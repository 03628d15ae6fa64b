/// The characters that send an input to a locale's word tables (its names, unit words and
/// qualifier words, its compact affixes and scale words; ``LocaleProfile/generalTables(for:)``):
/// letters, combining marks and CJK or Korean numerals (``Characters/isWordCharacter(_:)``),
/// and the characters of the letterless pieces of the locale's names
/// (``CurrencyNames/letterlessNameCharacters()``). An input with none of them can match no
/// key of those tables: each key holds a letter or mark, begins with a digit (where the
/// lexer reads a number), or holds one of the name characters, and folding makes a letter
/// or mark of no other character (all checked by LazyTablesTests).
struct WordCharacters: Sendable {
    /// Letters, marks and numerals alone: whether an input may need any locale's word tables.
    static let lettersMarksAndNumerals = WordCharacters(nameCharacters: [])

    /// The letterless name characters, as keys spell them (canonical, folded), ascending.
    let nameCharacters: [UInt32]
    /// The ASCII letters and ASCII name characters (`&`, `(`): most input bytes are tested
    /// against this bitmap alone.
    private let ascii: ASCIISet
    /// The name characters above ASCII (`–`, `£`): usually none or one or two.
    private let nonASCII: [UInt32]

    init(nameCharacters: [UInt32]) {
        self.nameCharacters = nameCharacters
        var ascii = ASCIISet()
        for byte in UInt8(0)..<0x80 where Characters.isASCIILetter(byte) || nameCharacters.contains(UInt32(byte)) {
            ascii.insert(byte)
        }
        self.ascii = ascii
        self.nonASCII = nameCharacters.filter { $0 >= 0x80 }
    }

    /// Whether the input holds one of these characters. One pass, stopping at the first.
    func occur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if ascii.contains(byte) { return true }
                index += 1
                continue
            }
            let (scalar, length) = Characters.decode(bytes, at: index)
            if Characters.isWordCharacter(scalar) { return true }
            // As keys spell it: a fullwidth `＆` is `&`. (A character that folds to several,
            // which no letterless name holds, counts as one of them: the own tables read it.)
            let canonical = Characters.canonical(scalar)
            if canonical < 0x80 {
                if ascii.contains(UInt8(canonical)) { return true }
            } else if !nonASCII.isEmpty, !Characters.isIgnorable(canonical) {
                guard let folded = MarkerKey.foldedScalar(canonical), !nonASCII.sortedContains(folded) else { return true }
            }
            index += length
        }
        return false
    }
}
