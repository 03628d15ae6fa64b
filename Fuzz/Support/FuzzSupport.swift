// Shared by the libFuzzer targets (built by Fuzz/run.sh only).
import CFuzzDriver
import Foundation
import MoneyKit

/// Hands the process to libFuzzer with `test` as the target; returns libFuzzer's status as
/// the process's.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    exit(mk_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, test))
}

/// Reports a broken property and aborts, so that libFuzzer saves the input as a crash.
public func violated(_ property: String, _ details: String) -> Never {
    FileHandle.standardError.write(Data("PROPERTY VIOLATED: \(property)\n\(details)\n".utf8))
    abort()
}

/// A fuzz case for the parser: `locale|hint|text` (the form of the seed corpus), or any
/// other bytes, read as text in a locale chosen by their hash.
public struct ParseCase {
    public let locale: String
    public let hint: Currency?
    public let text: String

    /// Every ICU locale, sorted (a fuzz case names one of them or is mapped onto one).
    public static let locales = MoneyParser.availableLocaleIdentifiers.sorted()
    private static let localeSet = Set(locales)

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let fields = bytes.split(separator: UInt8(ascii: "|"), maxSplits: 2, omittingEmptySubsequences: false)
        if fields.count == 3 {
            let named = String(decoding: fields[0], as: UTF8.self)
            locale = ParseCase.localeSet.contains(named) ? named : ParseCase.locales[ParseCase.hash(fields[0]) % ParseCase.locales.count]
            hint = (try? Currency(code: String(decoding: fields[1], as: UTF8.self)))
            text = String(decoding: fields[2], as: UTF8.self)
        } else {
            locale = ParseCase.locales[ParseCase.hash(bytes[...]) % ParseCase.locales.count]
            hint = nil
            text = String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func hash(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var value: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { value = (value ^ UInt64(byte)) &* 1_099_511_628_211 }
        return Int(value % 1_000_003)
    }
}

/// Parsers and formatters kept across fuzz cases (libFuzzer runs cases on one thread).
public enum FuzzCache {
    nonisolated(unsafe) private static var parsers: [String: MoneyParser] = [:]
    nonisolated(unsafe) private static var formatters: [String: MoneyFormatter] = [:]

    public static func parser(_ locale: String, _ hint: Currency?, strict: Bool = false) -> MoneyParser {
        let key = "\(locale)|\(hint?.code ?? "")|\(strict)"
        if let parser = parsers[key] { return parser }
        let parser = MoneyParser(locale: Locale(identifier: locale), currency: hint,
                                 options: strict ? .strict : .init())
        parsers[key] = parser
        return parser
    }

    public static func formatter(_ locale: String, _ style: MoneyFormatter.Style, accounting: Bool = false) -> MoneyFormatter {
        let key = "\(locale)|\(style)|\(accounting)"
        if let formatter = formatters[key] { return formatter }
        let formatter = MoneyFormatter(locale: Locale(identifier: locale), style: style, accounting: accounting)
        formatters[key] = formatter
        return formatter
    }
}
