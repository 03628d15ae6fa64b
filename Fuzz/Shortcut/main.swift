// libFuzzer target: the common shape against the general machine (Sources/MoneyKit/Parser/
// CommonShape.swift). The parser tries the common shape first; this target proves, input by
// input, that doing so changes nothing: for every input, in a lenient parser with no hint
// and one whose hint is the locale's own currency,
// - `parse` (shape first) and `parse(route: .generalOnly)` give the same result: the same
//   money with the same Decimal representation, or the same error kind at the same offset;
// - whatever the shape alone reads is the general machine's money.
//
// Inputs are the parse seeds (`locale|hint|text`, hint ignored) and libFuzzer's mutations of
// them, or, for other bytes, a text built from the pieces of the locale's own amounts: the
// first two bytes pick the locale, each further byte one piece (a digit, a character of what
// MoneyFormatter writes for -1,234,567.89 in the locale's currency, its ISO code in either
// case, a space, an apostrophe, a sign, a separator), so that most inputs are the common
// shape or a near miss of it.
import Foundation
import FuzzSupport
import MoneyKit

/// A locale's pieces, built once per locale.
nonisolated(unsafe) var piecesByLocale: [String: [String]] = [:]

func pieces(of locale: String) -> [String] {
    if let known = piecesByLocale[locale] { return known }
    var result = (0...9).map(String.init) + (0...9).map(String.init)
        + [" ", "\u{A0}", "\u{202F}", "'", "\u{2019}", ",", ".", "-", "+", "(", ")", "0", "00", "000"]
    let parser = FuzzCache.parser(locale, nil)
    if let currency = try? parser.parse("0").currency {
        let written = MoneyFormatter(locale: Locale(identifier: locale)).format(Money(Decimal(plainText: "-1234567.89")!, currency))
        result += written.map(String.init) + [currency.code, currency.code.lowercased()]
        let narrow = MoneyFormatter(locale: Locale(identifier: locale), style: .narrowSymbol).format(Money(1, currency))
        result += [narrow.filter { !$0.isNumber }]
    }
    piecesByLocale[locale] = result
    return result
}

func text(from bytes: UnsafeBufferPointer<UInt8>) -> (locale: String, text: String)? {
    let fields = bytes.split(separator: UInt8(ascii: "|"), maxSplits: 2, omittingEmptySubsequences: false)
    if fields.count == 3 {
        let fuzzCase = ParseCase(bytes)
        return (fuzzCase.locale, fuzzCase.text)
    }
    guard bytes.count >= 2 else { return nil }
    let locales = ParseCase.locales
    let locale = locales[(Int(bytes[0]) << 8 | Int(bytes[1])) % locales.count]
    let alphabet = pieces(of: locale)
    var text = ""
    for byte in bytes.dropFirst(2) { text += alphabet[Int(byte) % alphabet.count] }
    return (locale, text)
}

/// A result as text: the money with its Decimal's own description, or the error's kind and offset.
func describe(_ result: Result<Money, MoneyParseError>) -> String {
    switch result {
    case .success(let money): "\(money.amount) \(money.currency.code)"
    case .failure(let error): "error \(error.kind.name) at \(error.offset.map(String.init) ?? "-")"
    }
}

func fuzzShortcut(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let (locale, text) = text(from: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    let plain = FuzzCache.parser(locale, nil)
    var parsers = [plain]
    if let own = try? plain.parse("0").currency { parsers.append(FuzzCache.parser(locale, own)) }
    for parser in parsers {
        let details = "locale \(locale), hint \(parser.currency?.code ?? "-"), input \(String(reflecting: text))"
        let shapeFirst = Result { () throws(MoneyParseError) in try parser.parse(text) }
        let general = Result { () throws(MoneyParseError) in try parser.parse(text, route: .generalOnly) }
        if describe(shapeFirst) != describe(general) {
            violated("the common shape first gives the general machine's result",
                     "\(details): shape first \(describe(shapeFirst)), general \(describe(general))")
        }
        if let shape = parser.commonShapeReading(text), describe(.success(shape)) != describe(general) {
            violated("the common shape reads the general machine's money",
                     "\(details): shape \(describe(.success(shape))), general \(describe(general))")
        }
    }
    return 0
}

runFuzzer { data, size in fuzzShortcut(data!, size) }
