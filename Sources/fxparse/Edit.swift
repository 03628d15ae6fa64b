import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import MoneyKit

/// `fxparse edit`: an AmountEditor in the terminal, to feel the engine.
///
/// On a terminal, keys go straight to the editor (raw mode): characters are typed at the
/// cursor, Backspace and Delete delete, ← and → move the cursor, Enter or Ctrl-D ends and
/// prints the amount. From a pipe, each line is a sequence of keys (`⌫` is Backspace, `⌦`
/// Delete, `←` and `→` move), and the state is printed after each line: a scriptable demo.
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Type an amount into an AmountEditor, interactively.",
        discussion: "Enter or Ctrl-D ends. Keys: Backspace, Delete, ← and →."
    )

    @Option(name: .long, help: "The field's locale (e.g. de_DE).")
    var locale = "en_US"

    @Option(name: .long, help: "The field's currency (ISO 4217).")
    var currency = "USD"

    @Flag(name: .long, help: "Calculator (ATM-style) mode instead of freeform.")
    var calculator = false

    @Flag(name: .long, help: "Allow negative amounts (typing - toggles the sign).")
    var negative = false

    func validate() throws {
        try validateLocale(locale)
    }

    func run() throws {
        guard let currency = (try? Currency(code: currency)) else {
            throw ValidationError("\(self.currency) is not an ISO 4217 code ICU knows")
        }
        var editor = AmountEditor(locale: Locale(identifier: locale), currency: currency, mode: calculator ? .calculator : .freeform)
        editor.allowsNegative = negative
        if isatty(STDIN_FILENO) == 1 {
            interactive(&editor)
        } else {
            while let line = readLine() {
                for key in line { press(key, on: &editor) }
                print(Edit.state(of: editor))
            }
        }
    }

    /// Applies one key.
    func press(_ key: Character, on editor: inout AmountEditor) {
        let text = editor.text
        let cursor = editor.cursor
        let index = String.Index(utf16Offset: cursor, in: text)
        switch key {
        case "⌫", "\u{7F}", "\u{08}":
            guard let previous = text[..<index].last else { return }
            editor.replace((cursor - String(previous).utf16.count)..<cursor, with: "")
        case "⌦":
            guard let next = text[index...].first else { return }
            editor.replace(cursor..<(cursor + String(next).utf16.count), with: "")
        case "←":
            if let previous = text[..<index].last { editor.moveCursor(to: cursor - String(previous).utf16.count) }
        case "→":
            if let next = text[index...].first { editor.moveCursor(to: cursor + String(next).utf16.count) }
        default:
            editor.replace(cursor..<cursor, with: String(key))
        }
    }

    /// The text with the cursor shown as `|`, and the amount.
    static func state(of editor: AmountEditor) -> String {
        let index = String.Index(utf16Offset: editor.cursor, in: editor.text)
        let shown = String(editor.text[..<index]) + "|" + String(editor.text[index...])
        return "\(shown)    \(editor.money.map(\.description) ?? "(empty)")"
    }

    /// Raw-mode loop on a terminal.
    func interactive(_ editor: inout AmountEditor) {
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        FileHandle.standardOutput.write(Data("Type an amount (\(locale), \(editor.currency.code)); Enter ends.\n".utf8))
        var pending: [UInt8] = []
        redraw(editor)
        while true {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1, byte != 0x0A, byte != 0x0D, byte != 0x04 else { break }
            pending.append(byte)
            // Arrow and Delete keys: ESC [ C, ESC [ D, ESC [ 3 ~.
            if pending.first == 0x1B {
                switch pending {
                case [0x1B], [0x1B, 0x5B], [0x1B, 0x5B, 0x33]: continue
                case [0x1B, 0x5B, 0x43]: press("→", on: &editor)
                case [0x1B, 0x5B, 0x44]: press("←", on: &editor)
                case [0x1B, 0x5B, 0x33, 0x7E]: press("⌦", on: &editor)
                default: break
                }
                pending = []
            } else if let text = String(validating: pending, as: UTF8.self) {
                for key in text { press(key, on: &editor) }
                pending = []
            } else if pending.count >= 4 {
                pending = []
            }
            redraw(editor)
        }
        print("\n\(editor.money.map(\.description) ?? "(empty)")")
    }

    private func redraw(_ editor: AmountEditor) {
        FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + Edit.state(of: editor)).utf8))
    }
}
