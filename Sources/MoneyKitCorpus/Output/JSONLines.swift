/// JSON Lines output (`--format jsonl`): one JSON object per record, its keys the output
/// columns' names and its values strings, as in the CSV output (amounts stay exact text).
/// Strings are escaped as RFC 8259 requires: `"`, `\` and the control characters below U+0020;
/// everything else is written as the UTF-8 it is.
public enum JSONLines {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string.
    public static func appendString(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(0x22)
        for byte in text {
            switch byte {
            case 0x22: output.append(contentsOf: [0x5C, 0x22])
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: output.append(contentsOf: [0x5C, 0x72])
            case 0x09: output.append(contentsOf: [0x5C, 0x74])
            case ..<0x20:
                output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
            default: output.append(byte)
            }
        }
        output.append(0x22)
    }

    /// Appends `text` as a JSON string.
    public static func appendString(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString($0, to: &output) }
    }

    /// The bytes that open a member named `key`: `"key":`.
    public static func memberPrefix(_ key: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendString(key, to: &bytes)
        bytes.append(0x3A)
        return bytes
    }

    /// A member's value where it is not column text.
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case bool(Bool)
        case null
    }

    /// Appends one object of typed values and a newline.
    public static func appendObject(keys: [String], values: [Value], to output: inout [UInt8]) {
        output.append(0x7B)
        for (index, (key, value)) in zip(keys, values).enumerated() {
            if index > 0 { output.append(0x2C) }
            output.append(contentsOf: memberPrefix(key))
            switch value {
            case .string(let text): appendString(text, to: &output)
            case .integer(let number): output.append(contentsOf: String(number).utf8)
            case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
            case .null: output.append(contentsOf: "null".utf8)
            }
        }
        output.append(contentsOf: [0x7D, 0x0A])
    }

    /// Appends one object, `{"key":"value",...}`, and a newline.
    public static func appendObject(keys: [String], values: [String], to output: inout [UInt8]) {
        output.append(0x7B)
        for (index, (key, value)) in zip(keys, values).enumerated() {
            if index > 0 { output.append(0x2C) }
            output.append(contentsOf: memberPrefix(key))
            appendString(value, to: &output)
        }
        output.append(contentsOf: [0x7D, 0x0A])
    }
}
