import MoneyKit

/// Shows where a parse error points: the input on one line and a caret under the
/// offending character on the next.
public enum ErrorDisplay {
    /// Two lines, indented by `indent`, or nil when the error has no offset.
    ///
    /// Invisible characters (bidi marks, tabs, line breaks) are shown as `·` so the caret
    /// lines up with what the terminal prints.
    public static func caret(under error: MoneyParseError, in input: String, indent: String = "    ") -> String? {
        guard let offset = error.offset else { return nil }
        var shown = ""
        var column = 0
        var caretColumn: Int?
        var byteOffset = 0
        for scalar in input.unicodeScalars {
            if caretColumn == nil, byteOffset >= offset { caretColumn = column }
            byteOffset += String(scalar).utf8.count
            let visible: String
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: visible = "·"
            case .nonspacingMark, .enclosingMark: shown.unicodeScalars.append(scalar); continue
            default: visible = String(scalar)
            }
            shown += visible
            column += isWide(scalar) ? 2 : 1
        }
        let caretAt = caretColumn ?? column
        return indent + shown + "\n" + indent + String(repeating: " ", count: caretAt) + "^"
    }
}

private func isWide(_ scalar: Unicode.Scalar) -> Bool {
    // East Asian wide and fullwidth ranges: ideographs, kana, Hangul, fullwidth forms.
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
         0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        return true
    default:
        return false
    }
}
