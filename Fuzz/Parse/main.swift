// libFuzzer target: MoneyParser.parse on arbitrary text, in any ICU locale, with or without a
// hint. Properties checked on every input:
// - an error's offset lies inside the input at the start of a character (or at its end), and
//   its description is not empty;
// - a strict success is a lenient success with the same money;
// - a lenient success, written by MoneyFormatter (ISO code style) and parsed back with its
//   currency as the hint, gives the same money.
import Foundation
import FuzzSupport
import MoneyKit
import MoneyKitCorpus

func fuzzParse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fuzzCase = ParseCase(UnsafeBufferPointer(start: data, count: size))
    let text = fuzzCase.text
    let details = "locale \(fuzzCase.locale), hint \(fuzzCase.hint?.code ?? "-"), input \(String(reflecting: text))"
    let lenient = Result { () throws(MoneyParseError) in try FuzzCache.parser(fuzzCase.locale, fuzzCase.hint).parse(text) }
    let strict = Result { () throws(MoneyParseError) in
        try FuzzCache.parser(fuzzCase.locale, fuzzCase.hint, strict: true).parse(text)
    }
    for result in [lenient, strict] {
        guard case .failure(let error) = result else { continue }
        if let offset = error.offset, !CorpusCase.startsCharacter(text, atUTF8Offset: offset) {
            violated("error offset inside the input at the start of a character", "\(details): \(error.kind.name) at \(offset)")
        }
        if error.description.isEmpty { violated("error description", details) }
    }
    if case .success(let strictMoney) = strict {
        guard case .success(let lenientMoney) = lenient else {
            violated("strict success implies lenient success", "\(details): strict \(strictMoney), lenient \(lenient)")
        }
        // The one difference the rules make: lenient mode reads a single separator before exactly
        // three digits by the currency rule of Docs/ParsingRules.md §3 in every locale, strict mode by the locale's
        // own symbols (`2,500` is 2.5 in strict nl_CW and 2500 in lenient; `CLF 1.234` is 1234
        // in strict es_CL and 1.234 in lenient; rules-146, rules-147). Allowed when some run of
        // digits and separators holds one separator followed by exactly three digits.
        let threeDigitRule = hasThreeDigitAmbiguity(text)
        if lenientMoney != strictMoney && !threeDigitRule {
            violated("strict success implies the same lenient success", "\(details): strict \(strictMoney), lenient \(lenientMoney)")
        }
    }
    if case .success(let money) = lenient {
        let written = FuzzCache.formatter(fuzzCase.locale, .isoCode).format(money)
        let back = try? FuzzCache.parser(fuzzCase.locale, money.currency).parse(written)
        if back != money {
            violated("format then parse gives the same money", "\(details): \(money) -> \(String(reflecting: written)) -> \(back.map(\.description) ?? "error")")
        }
    }
    return 0
}

/// Whether a run of digits and separators in the text (from its first digit) holds exactly one
/// separator, followed by exactly three digits.
func hasThreeDigitAmbiguity(_ text: String) -> Bool {
    let separators = ",.٫٬'’，．＇".unicodeScalars
    var run: [Unicode.Scalar] = []
    func check() -> Bool {
        // Separators before the first digit end a marker (`Rp.12.000`), not a number.
        let number = run.drop { separators.contains($0) }
        let marks = number.indices.filter { separators.contains(number[$0]) }
        return marks.count == 1 && number.endIndex - marks[0] - 1 == 3
    }
    let ignorable = "\u{200E}\u{200F}\u{061C}\u{200B}\u{2060}\u{FEFF}".unicodeScalars
    for scalar in text.unicodeScalars where !ignorable.contains(scalar) {
        if scalar.properties.numericType == .decimal || separators.contains(scalar) {
            run.append(scalar)
        } else {
            if check() { return true }
            run.removeAll()
        }
    }
    return check()
}

runFuzzer { data, size in fuzzParse(data!, size) }
