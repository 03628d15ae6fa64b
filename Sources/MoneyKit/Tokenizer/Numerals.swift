/// The characters of CJK and Korean numbers (Docs/ParsingRules.md §4b and §7): digits, units,
/// yuan units and their Cantonese forms, and the words of Japanese receipts.
///
/// Which characters take part is the behaviour contract's list; the numeric values of the Han
/// characters come from ICU (`u_getNumericValue`). Two things ICU does not know are written
/// here: 两 (a common form of 2 with no Unicode numeric value), and the Hangul numerals, which
/// are ordinary syllables to Unicode.
enum Numerals {
    /// What a numeral character is.
    enum Kind: Equatable, Sendable {
        /// A digit 0-9.
        case digit(UInt8)
        /// A unit: 10^1-10^3 within a group (十百千), 10^4, 10^8, 10^12 across groups (万億兆).
        case unit(exponent: Int8)
        /// A yuan unit: 元 (10^0), 角 (10^-1), 分 (10^-2).
        case yuan(exponent: Int8)
        /// A Cantonese money unit, a yuan unit in Cantonese locales only: 蚊 (dollar, 10^0),
        /// 毫 (ten cents, 10^-1), 仙 (cent, 10^-2).
        case cantonese(exponent: Int8)
        /// 整 or 正 after yuan units or a currency marker ("exactly"), Korean 정 after 원
        /// (`원정` on cheques), and 钱/錢 ("money": 块钱, 五毛钱).
        case exactly
        /// 负 or 負 ("negative") before a number (Docs/ParsingRules.md §7).
        case minusSign
        /// 金 before a Japanese receipt amount.
        case receiptPrefix
        /// 也 after a Japanese receipt amount.
        case receiptSuffix
    }

    /// The digit-system ids of Han and Hangul digits (their zeros), used like the zeros of
    /// Unicode decimal-digit systems so that scripts do not mix inside a digit run.
    static let hanZero: UInt32 = 0x3007  // 〇
    static let hangulZero: UInt32 = 0xC601  // 영

    /// The Han digits and units of §4b: digits, units, financial and Japanese legal forms.
    private static let hanCharacters = "〇零一二两兩三四五六七八九十百千万萬亿億兆壹贰貳叁參肆伍陆陸柒捌玖拾佰仟壱弐参"

    /// Hangul numerals (hand-written: Unicode gives these syllables no numeric value).
    private static let hangul: [(Character, Kind)] = [
        ("영", .digit(0)), ("일", .digit(1)), ("이", .digit(2)), ("삼", .digit(3)), ("사", .digit(4)),
        ("오", .digit(5)), ("육", .digit(6)), ("칠", .digit(7)), ("팔", .digit(8)), ("구", .digit(9)),
        ("십", .unit(exponent: 1)), ("백", .unit(exponent: 2)), ("천", .unit(exponent: 3)),
        ("만", .unit(exponent: 4)), ("억", .unit(exponent: 8)), ("조", .unit(exponent: 12)),
    ]

    /// Yuan units, Cantonese money units, receipt and cheque words and the Chinese word for
    /// "negative" (Docs/ParsingRules.md §4b and §7; hand-written: Unicode gives these
    /// characters no money meaning).
    private static let words: [(Character, Kind)] = [
        ("元", .yuan(exponent: 0)), ("圆", .yuan(exponent: 0)), ("圓", .yuan(exponent: 0)), ("块", .yuan(exponent: 0)), ("塊", .yuan(exponent: 0)),
        ("角", .yuan(exponent: -1)), ("毛", .yuan(exponent: -1)), ("分", .yuan(exponent: -2)),
        ("蚊", .cantonese(exponent: 0)), ("毫", .cantonese(exponent: -1)), ("仙", .cantonese(exponent: -2)),
        ("整", .exactly), ("正", .exactly), ("钱", .exactly), ("錢", .exactly), ("金", .receiptPrefix), ("也", .receiptSuffix),
        ("정", .exactly), ("负", .minusSign), ("負", .minusSign),
    ]

    /// The numeral characters, sorted, with what they are (binary-searched: cheaper than
    /// hashing on the hot path).
    private static let table: (scalars: [UInt32], kinds: [Kind]) = {
        var table: [UInt32: Kind] = [:]
        for character in hanCharacters.unicodeScalars {
            // 两 and its traditional form 兩 have no numeric value in Unicode (ICU answers
            // none); they are 2.
            let value = character == "两" || character == "兩" ? 2 : ICU.numericValue(of: character.value)
            switch value {
            case .some(0...9): table[character.value] = .digit(UInt8(value!))
            case 10: table[character.value] = .unit(exponent: 1)
            case 100: table[character.value] = .unit(exponent: 2)
            case 1000: table[character.value] = .unit(exponent: 3)
            case 10_000: table[character.value] = .unit(exponent: 4)
            case 100_000_000: table[character.value] = .unit(exponent: 8)
            case 1_000_000_000_000: table[character.value] = .unit(exponent: 12)
            default: break
            }
        }
        for (character, kind) in hangul + words {
            table[character.unicodeScalars.first!.value] = kind
        }
        let sorted = table.sorted { $0.key < $1.key }
        return (sorted.map(\.key), sorted.map(\.value))
    }()

    /// Every numeral character, ascending.
    static var allScalars: [UInt32] { table.scalars }

    /// What a scalar is, if it is a numeral character (a range check first keeps other
    /// text fast).
    @inline(__always)
    static func kind(_ scalar: UInt32) -> Kind? {
        guard scalar >= 0x3007 else { return nil }
        return table.scalars.sortedIndex(of: scalar).map { table.kinds[$0] }
    }

    /// The digit value and script id of a Han or Hangul digit.
    @inline(__always)
    static func digit(_ scalar: UInt32) -> (zero: UInt32, value: UInt32)? {
        guard case .digit(let value)? = kind(scalar) else { return nil }
        return (scalar >= 0xAC00 ? hangulZero : hanZero, UInt32(value))
    }
}
