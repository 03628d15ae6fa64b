// The editing section: AmountEditor's cost per keystroke, re-formatting included.
import Foundation
import MoneyKit

/// One field's keystroke cost.
struct EditingField: Codable {
    let locale: String
    let currency: String
    let mode: String
    /// Keystrokes in the script (typing, a decimal separator, an edit in the middle, backspaces).
    var keystrokes = 0
    var nanosecondsPerKeystroke = 0.0
}

/// Types a script into fresh editors: 7 integer digits, the decimal separator and the minor
/// digits (calculator: the digits only), a digit inserted after the first digit, then
/// backspace until the field is empty; the median over `rounds` of the mean per keystroke.
func measureEditing(rounds: Int, repeats: Int) -> [EditingField] {
    var fields = [
        EditingField(locale: "en_US", currency: "USD", mode: "freeform"), EditingField(locale: "de_DE", currency: "EUR", mode: "freeform"),
        EditingField(locale: "fr_FR", currency: "EUR", mode: "freeform"), EditingField(locale: "de_CH", currency: "CHF", mode: "freeform"),
        EditingField(locale: "en_IN", currency: "INR", mode: "freeform"), EditingField(locale: "ar_EG", currency: "EGP", mode: "freeform"),
        EditingField(locale: "ja_JP", currency: "JPY", mode: "freeform"), EditingField(locale: "en_US", currency: "USD", mode: "calculator"),
        EditingField(locale: "ar_KW", currency: "KWD", mode: "calculator"),
    ]
    for index in fields.indices {
        let field = fields[index]
        let currency = (try! Currency(code: field.currency))
        let mode: AmountEditor.Mode = field.mode == "calculator" ? .calculator : .freeform
        let template = AmountEditor(locale: Locale(identifier: field.locale), currency: currency, mode: mode)
        let separator = template.locale.decimalSeparator ?? "."
        var keys = ["1", "2", "3", "4", "5", "6", "7"]
        if mode == .freeform, currency.minorUnits > 0 { keys += [separator] }
        keys += Array(repeating: "9", count: currency.minorUnits)
        var samples: [Double] = []
        var keystrokes = 0
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            keystrokes = 0
            for _ in 0..<repeats {
                var editor = template
                for key in keys {
                    editor.replace(editor.cursor..<editor.cursor, with: key)
                    keystrokes += 1
                }
                // A digit after the first digit, then backspace to empty.
                if let firstDigit = editor.text.unicodeScalars.firstIndex(where: { $0.properties.numericType == .decimal }) {
                    let offset = editor.text.unicodeScalars[...firstDigit].reduce(0) { $0 + $1.utf16.count }
                    editor.moveCursor(to: offset)
                    editor.replace(offset..<offset, with: "5")
                    keystrokes += 1
                }
                editor.moveCursor(to: editor.text.utf16.count)
                while editor.money != nil {
                    let cursor = editor.cursor
                    let index = String.Index(utf16Offset: cursor, in: editor.text)
                    let width = editor.text[..<index].last.map { String($0).utf16.count } ?? 1
                    guard cursor - width >= 0, editor.replace((cursor - width)..<cursor, with: "") else { break }
                    keystrokes += 1
                }
            }
            samples.append(seconds(ContinuousClock.now - start) * 1e9 / Double(keystrokes))
        }
        fields[index].keystrokes = keystrokes / repeats
        fields[index].nanosecondsPerKeystroke = median(samples)
    }
    return fields
}
