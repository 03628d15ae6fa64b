// parse-transcript: MoneyParser's results over mutated corpus inputs, as a transcript that two
// builds of MoneyKit must agree on (Fuzz/differential.sh runs it against two checkouts).
//
//   parse-transcript COUNT SEED FILE.csv ...            one line per block of 100,000 inputs:
//                                                       its first index and a hash of its results
//   parse-transcript COUNT SEED FILE.csv ... --show A B inputs A to B (B excluded), each with its results
//
// Input i is derived from the seed and i alone: a corpus row (its input, locale and hint),
// changed by one to three mutations (insert, replace or delete characters; insert a piece of
// money vocabulary; splice with another row; another locale; another or no hint), so a block
// can be replayed on its own. Each input is parsed in lenient and strict mode; a result is the
// money with its Decimal's own description, or the error's kind, offset and excerpt.
import CSV
import Foundation
import MoneyKit

/// SplitMix64: a small, fast, well-mixed generator; the same seed gives the same inputs.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

struct Row {
    let input: [Character]
    let locale: String
    let hint: String?
}

/// Pieces of the money people write, in several scripts: what mutations insert.
let pieces: [String] = [
    "0", "1", "5", "9", "00", "000", "12", "1234", "12345678", "100000000", "0000000", ",", ".", "'", "\u{2019}", " ", "\u{A0}", "\u{202F}", "\u{2009}",
    "-", "\u{2212}", "+", "(", ")", "/-", "/=", ":", "—", "–", "$", "€", "£", "¥", "₹", "₩", "₽", "kr", "zł", "Fr.",
    "CHF", "USD", "EUR", "usd", "US$", "R$", "K", "k", "M", "Mio.", "Mrd.", "lakh", "crore", "bn", "million", "millones de",
    "dollars", "euros", "Euro", "cents", "p", "and", "y", "und", "con", "一", "二", "五", "十", "百", "千", "万", "億", "亿",
    "元", "角", "分", "整", "円", "金", "也", "일", "만", "억", "원", "٠", "١", "٥", "٫", "٬", "०", "५", "๕", "US", "SR",
    "M.N.", "australischen", "\u{AD}", "\u{200B}", "a", "Z", "é", "%", "#", "\u{1F4B0}", "\u{301}",
]

func mutate(_ row: Row, rows: [Row], locales: [String], random: inout SplitMix64) -> Row {
    var text = row.input
    var locale = row.locale
    var hint = row.hint
    for _ in 0...random.below(3) {
        switch random.below(10) {
        case 0, 1:
            text.insert(contentsOf: pieces[random.below(pieces.count)], at: random.below(text.count + 1))
        case 2, 3:
            if !text.isEmpty {
                let start = random.below(text.count)
                text.replaceSubrange(start..<min(text.count, start + 1 + random.below(2)), with: pieces[random.below(pieces.count)])
            }
        case 4, 5:
            if !text.isEmpty {
                let start = random.below(text.count)
                text.removeSubrange(start..<min(text.count, start + 1 + random.below(3)))
            }
        case 6:
            if !text.isEmpty {
                let start = random.below(text.count)
                let piece = text[start..<min(text.count, start + 1 + random.below(4))]
                text.insert(contentsOf: Array(piece), at: random.below(text.count + 1))
            }
        case 7:
            let other = rows[random.below(rows.count)].input
            text = Array(text.prefix(random.below(text.count + 1))) + Array(other.suffix(random.below(other.count + 1)))
        case 8:
            locale = locales[random.below(locales.count)]
        default:
            hint = random.below(3) == 0 ? nil : ["USD", "EUR", "JPY", "CHF", "INR", "CNY", "GBP", "KRW", "SEK"][random.below(9)]
        }
    }
    return Row(input: text, locale: locale, hint: hint)
}

func describe(_ result: Result<Money, MoneyParseError>) -> String {
    switch result {
    case .success(let money): "\(money.amount) \(money.currency.code)"
    case .failure(let error): "error \(error.kind.name) at \(error.offset.map(String.init) ?? "-") \(error.excerpt ?? "")"
    }
}

/// FNV-1a over the bytes of a string.
func fnv(_ hash: inout UInt64, _ text: String) {
    for byte in text.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    hash = (hash ^ 0x0A) &* 0x100_0000_01B3
}

var arguments = Array(CommandLine.arguments.dropFirst())
var show: Range<Int>?
if let flag = arguments.firstIndex(of: "--show"), flag + 2 < arguments.count,
   let from = Int(arguments[flag + 1]), let to = Int(arguments[flag + 2]) {
    show = from..<to
    arguments.removeSubrange(flag...(flag + 2))
}
guard arguments.count >= 3, let count = Int(arguments[0]), let seed = UInt64(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: parse-transcript COUNT SEED FILE.csv ... [--show FROM TO]\n".utf8))
    exit(2)
}
var rows: [Row] = []
for path in arguments.dropFirst(2) {
    let reader = try CSVReader(stream: InputStream(fileAtPath: path)!, hasHeaderRow: true)
    let header = reader.headerRow ?? []
    guard let input = header.firstIndex(of: "input"), let locale = header.firstIndex(of: "locale"),
          let currency = header.firstIndex(of: "currency") else { continue }
    while let fields = reader.next() {
        guard fields.count > max(input, locale, currency), !fields[locale].isEmpty else { continue }
        rows.append(Row(input: Array(fields[input]), locale: fields[locale],
                        hint: fields[currency].isEmpty ? nil : fields[currency]))
    }
}
guard !rows.isEmpty else {
    FileHandle.standardError.write(Data("parse-transcript: no rows with a locale\n".utf8))
    exit(2)
}
let locales = MoneyParser.availableLocaleIdentifiers.sorted()
var parsers: [String: MoneyParser] = [:]
@MainActor func parser(_ locale: String, _ hint: String?, strict: Bool) -> MoneyParser {
    let key = "\(locale)|\(hint ?? "")|\(strict)"
    if let known = parsers[key] { return known }
    let currency = hint.flatMap { try? Currency(code: $0) }
    let made = MoneyParser(locale: Locale(identifier: locale), currency: currency,
                           options: .init(mode: strict ? .strict : .lenient))
    parsers[key] = made
    return made
}

let block = 100_000
var hash: UInt64 = 0xCBF2_9CE4_8422_2325
for index in show ?? 0..<count {
    var random = SplitMix64(state: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
    let row = mutate(rows[random.below(rows.count)], rows: rows, locales: locales, random: &random)
    let text = String(row.input)
    let lenient = describe(Result { () throws(MoneyParseError) in try parser(row.locale, row.hint, strict: false).parse(text) })
    let strict = describe(Result { () throws(MoneyParseError) in try parser(row.locale, row.hint, strict: true).parse(text) })
    if show != nil {
        print("\(index)\t\(row.locale)|\(row.hint ?? "")|\(String(reflecting: text))\t\(lenient)\t\(strict)")
        continue
    }
    fnv(&hash, lenient)
    fnv(&hash, strict)
    if (index + 1) % block == 0 || index + 1 == count {
        print("\(index / block * block) \(String(hash, radix: 16))")
        hash = 0xCBF2_9CE4_8422_2325
    }
}
