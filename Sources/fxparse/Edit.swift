import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import MoneyKit

/// `fxparse edit`: an AmountEditor in the terminal, to feel the engine.
///
/// On a terminal, keys go straight to the editor (raw mode): characters are typed at the
/// cursor, Backspace and Delete delete, ← and → move the cursor, a paste is one edit
/// (bracketed paste), Enter or Ctrl-D ends and prints the amount; Ctrl-C and SIGTERM end it
/// too, the terminal restored. From a pipe, each line is a sequence of keys (`⌫` is Backspace, `⌦`
/// Delete, `←` and `→` move), and the state is printed after each line: a scriptable demo.
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Type an amount into an AmountEditor, interactively.",
        discussion: "Enter or Ctrl-D ends. Keys: Backspace, Delete, ← and →; a paste is read whole (bracketed paste)."
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

    /// Raw-mode loop on a terminal. Bracketed paste is on, so a paste reaches the editor as
    /// one edit (read whole by MoneyParser), not key by key; the terminal is restored on every
    /// way out: Enter, Ctrl-D, end of input, Ctrl-C and SIGTERM.
    func interactive(_ editor: inout AmountEditor) {
        Terminal.enterRawMode()
        defer { Terminal.restore() }
        FileHandle.standardOutput.write(Data("Type an amount (\(locale), \(editor.currency.code)); Enter ends.\n".utf8))
        var keys = TerminalKeys()
        redraw(editor)
        reading: while true {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { break }
            for event in keys.feed(byte) {
                switch event {
                case .end: break reading
                case .key(let key): press(key, on: &editor)
                case .paste(let text): editor.replace(editor.cursor..<editor.cursor, with: text)
                }
            }
            redraw(editor)
        }
        print("\n\(editor.money.map(\.description) ?? "(empty)")")
    }

    private func redraw(_ editor: AmountEditor) {
        FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + Edit.state(of: editor)).utf8))
    }
}

/// What a terminal sends, as the editor takes it.
enum TerminalEvent: Equatable {
    /// A character typed, or a key named as the pipe demo names it (`←`, `→`, `⌦`).
    case key(Character)
    /// Text pasted while bracketed paste is on: one edit.
    case paste(String)
    /// Enter or Ctrl-D.
    case end
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, the escape sequences of the arrow
/// and Delete keys (CSI and SS3 forms), and bracketed pastes (`ESC [200~` ... `ESC [201~`).
/// Escape sequences it does not know are dropped whole; an ESC not followed by `[` or `O`
/// is dropped alone, so the key after it still counts.
struct TerminalKeys {
    private enum State {
        case ground
        case escape
        case controlSequence([UInt8])
        case singleShift
        case pasting([UInt8])
    }

    private var state = State.ground
    private var pendingText: [UInt8] = []
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The events a byte completes.
    mutating func feed(_ byte: UInt8) -> [TerminalEvent] {
        switch state {
        case .ground:
            switch byte {
            case 0x1B:
                state = .escape
                pendingText = []
                return []
            case 0x0A, 0x0D, 0x04:
                pendingText = []
                return [.end]
            default:
                pendingText.append(byte)
                guard let text = String(validating: pendingText, as: UTF8.self) else {
                    if pendingText.count >= 4 { pendingText = [] }  // not UTF-8: dropped
                    return []
                }
                pendingText = []
                return text.map { .key(Self.named($0)) }
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                state = .controlSequence([])
                return []
            case UInt8(ascii: "O"):
                state = .singleShift
                return []
            default:
                // A lone ESC: dropped, and this byte read as if it came alone.
                state = .ground
                return feed(byte)
            }
        case .controlSequence(var bytes):
            switch byte {
            case 0x20...0x3F:
                bytes.append(byte)
                state = .controlSequence(bytes)
                return []
            case 0x40...0x7E:
                state = .ground
                switch (String(decoding: bytes, as: UTF8.self), byte) {
                case ("", UInt8(ascii: "C")): return [.key("→")]
                case ("", UInt8(ascii: "D")): return [.key("←")]
                case ("3", UInt8(ascii: "~")): return [.key("⌦")]
                case ("200", UInt8(ascii: "~")):
                    state = .pasting([])
                    return []
                default: return []  // a key the editor has no use for (↑, F1, ...)
                }
            default:
                // Not a control sequence after all: drop what came, read this byte afresh.
                state = .ground
                return feed(byte)
            }
        case .singleShift:
            state = .ground
            switch byte {
            case UInt8(ascii: "C"): return [.key("→")]
            case UInt8(ascii: "D"): return [.key("←")]
            default: return []
            }
        case .pasting(var bytes):
            bytes.append(byte)
            if bytes.count >= Self.pasteEnd.count, Array(bytes.suffix(Self.pasteEnd.count)) == Self.pasteEnd {
                state = .ground
                return [.paste(String(decoding: bytes.dropLast(Self.pasteEnd.count), as: UTF8.self))]
            }
            state = .pasting(bytes)
            return []
        }
    }

    /// Backspace and DEL bytes as the pipe demo's `⌫`.
    private static func named(_ character: Character) -> Character {
        character == "\u{7F}" || character == "\u{08}" ? "⌫" : character
    }
}

/// The terminal's state while `fxparse edit` runs, restored however it ends. Globals, as
/// the signal handlers can capture nothing.
enum Terminal {
    /// The mode to restore. On the heap: tcgetattr writes all of glibc's 60-byte `termios`,
    /// and AddressSanitizer found the Swift global of that type emitted with 57 (its trailing
    /// fields unused by Swift), so the write ran 3 bytes past it.
    nonisolated(unsafe) private static let saved: UnsafeMutablePointer<termios> = {
        let storage = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        storage.initialize(to: termios())
        return storage
    }()
    nonisolated(unsafe) private static var isRaw = false
    private static let pasteOn: StaticString = "\u{1B}[?2004h"
    private static let pasteOff: StaticString = "\u{1B}[?2004l"

    /// Raw mode (no line editing, no echo; Ctrl-C still signals) and bracketed paste on;
    /// SIGINT and SIGTERM restore the terminal before the process ends by them.
    static func enterRawMode() {
        tcgetattr(STDIN_FILENO, saved)
        let raw = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        defer { raw.deallocate() }
        raw.initialize(to: saved.pointee)
        raw.pointee.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, raw)
        isRaw = true
        write(pasteOn)
        var handled = sigset_t()
        sigemptyset(&handled)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                let interrupted = errno  // a handler leaves errno as it found it
                Terminal.restore()
                signal(received, SIG_DFL)
                errno = interrupted
                raise(received)
            }
            sigaddset(&handled, signalNumber)
        }
        // A parent may have started us with these blocked (test runners do): they must arrive.
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Back to the saved mode, bracketed paste off. Only async-signal-safe calls.
    static func restore() {
        guard isRaw else { return }
        isRaw = false
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
        write(pasteOff)
    }

    private static func write(_ text: StaticString) {
        _ = Glibc.write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
    }
}
