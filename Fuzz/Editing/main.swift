// libFuzzer target: AmountEditor under arbitrary edit sequences. The first byte chooses a
// field (locale, currency, mode) and whether negatives are allowed; every following group of
// four bytes is one edit: a cursor move or not, a start, a length and a piece of text (digits
// of several systems, separators, signs, letters, whole pasted amounts, or the bytes that
// follow as raw text). Properties after every edit:
// - the cursor lies inside the text;
// - a rejected edit leaves text, cursor and money as they were;
// - the text reads back with MoneyParser as the editor's money (both empty together).
import Foundation
import FuzzSupport
import MoneyKit

let fields: [(locale: String, currency: Currency, mode: AmountEditor.Mode)] = [
    ("en_US", "USD", .freeform), ("de_DE", "EUR", .freeform), ("fr_FR", "EUR", .freeform), ("de_CH", "CHF", .freeform),
    ("ru_RU", "RUB", .freeform), ("en_IN", "INR", .freeform), ("ar_EG", "EGP", .freeform), ("ja_JP", "JPY", .freeform),
    ("ar_KW", "KWD", .freeform), ("fa_IR", "IRR", .freeform), ("hi_IN", "INR", .freeform), ("en_US", "USD", .calculator),
    ("de_DE", "EUR", .calculator), ("en_US", "KWD", .calculator), ("ar_EG", "EGP", .calculator),
]
let pieces = ["1", "2", "0", "9", "5", ".", ",", "-", "٣", "١", "۴", "४", "１", "", "", "12", "1.234,56 €", "$7.5", "x", " ",
              "٫", "٬", "00", "’", "'", "\u{200F}", "1 234,56", "€1,234.56", "1万2千円", "9999999999999999999999999999999"]
let parsers = fields.map { MoneyParser(locale: Locale(identifier: $0.locale), currency: $0.currency) }

func fuzzEditing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    let fieldIndex = Int(first) % fields.count
    let field = fields[fieldIndex]
    var editor = AmountEditor(locale: Locale(identifier: field.locale), currency: field.currency, mode: field.mode)
    editor.allowsNegative = first & 0x80 != 0
    var position = 1
    var log: [String] = []
    while position + 4 <= bytes.count, log.count < 200 {
        let (move, start, length, choice) = (bytes[position], Int(bytes[position + 1]), Int(bytes[position + 2] % 12), bytes[position + 3])
        position += 4
        let count = editor.text.utf16.count
        if move & 1 == 1 { editor.moveCursor(to: Int(move >> 1) % (count + 1)) }
        let lower = min(start, count)
        let range = lower..<min(lower + length, count)
        var piece: String
        if choice == 0xFF {
            // The rest of the input as text.
            piece = String(decoding: bytes[position...], as: UTF8.self)
            position = bytes.count
        } else {
            piece = pieces[Int(choice) % pieces.count]
        }
        let before = (editor.text, editor.cursor, editor.money)
        let accepted = editor.replace(range, with: piece)
        log.append("\(range) \(String(reflecting: piece)) -> \(accepted) \(String(reflecting: editor.text)) @\(editor.cursor)")
        let details = "\(field.locale) \(field.currency) \(field.mode):\n" + log.joined(separator: "\n")
        if !accepted, editor.text != before.0 || editor.cursor != before.1 || editor.money != before.2 {
            violated("a rejected edit changes nothing", details)
        }
        if editor.cursor < 0 || editor.cursor > editor.text.utf16.count { violated("the cursor lies inside the text", details) }
        let parsed = editor.text.isEmpty ? nil : try? parsers[fieldIndex].parse(editor.text)
        if parsed != editor.money { violated("parse(text) == money", details + "\nparsed \(String(describing: parsed))") }
    }
    return 0
}

runFuzzer { data, size in fuzzEditing(data!, size) }
