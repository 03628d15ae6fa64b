// libFuzzer target: MoneyParser.matches(in:) on arbitrary text, in any ICU locale, with or
// without a hint (cases as fuzz-parse reads them: `locale|hint|text`, or any bytes). Seeds:
// the parse fuzzers' seeds and the lines of TestData/extraction/extract.csv. Properties
// checked on every input:
// - matches stand in order and do not overlap, inside the text; each match's text is the
//   text at its range, and its UTF-8 and UTF-16 ranges are that range's offsets;
// - ranks are 1 to the number of matches, each once, and price(in:) is the match of rank 1;
// - an amount, parsed alone by the same parser, reads the same money (a match is a reading
//   of the parser, never a guess of its own); a range's lower bound is below its upper one,
//   in one currency.
// libFuzzer's -timeout catches a scan that is not linear.
import Foundation
import FuzzSupport
import MoneyKit

func fuzzExtract(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fuzzCase = ParseCase(UnsafeBufferPointer(start: data, count: size))
    let text = fuzzCase.text
    let details = "locale \(fuzzCase.locale), hint \(fuzzCase.hint?.code ?? "-"), input \(String(reflecting: text))"
    let parser = FuzzCache.parser(fuzzCase.locale, fuzzCase.hint)
    let matches = parser.matches(in: text)
    var previousEnd = 0
    for match in matches {
        let lower = text.utf8.distance(from: text.utf8.startIndex, to: match.range.lowerBound)
        let upper = text.utf8.distance(from: text.utf8.startIndex, to: match.range.upperBound)
        guard match.utf8Range == lower..<upper, lower >= previousEnd, lower < upper else {
            violated("matches in order, apart, at their UTF-8 offsets", "\(details): \(match.text) at \(match.utf8Range)")
        }
        previousEnd = upper
        if String(text[match.range]) != match.text { violated("a match's text is the text at its range", "\(details): \(match.text)") }
        let utf16Lower = text.utf16.distance(from: text.utf16.startIndex, to: match.range.lowerBound)
        let utf16Upper = text.utf16.distance(from: text.utf16.startIndex, to: match.range.upperBound)
        if match.utf16Range != utf16Lower..<utf16Upper {
            violated("UTF-16 offsets", "\(details): \(match.text) at \(match.utf16Range), not \(utf16Lower)..<\(utf16Upper)")
        }
        switch match.value {
        case .amount(let money):
            let alone = try? parser.parse(match.text)
            if alone != money {
                violated("a match reads alone as it reads in the text",
                         "\(details): \(String(reflecting: match.text)) is \(money) in the text, \(alone.map(\.description) ?? "an error") alone")
            }
        case .range(let range):
            if range.lowerBound.currency != range.upperBound.currency || range.lowerBound.amount >= range.upperBound.amount {
                violated("a range in one currency, lower below upper", "\(details): \(range)")
            }
        }
    }
    if Set(matches.map(\.rank)) != Set(matches.indices.map { $0 + 1 }) {
        violated("ranks are 1 to the number of matches", "\(details): \(matches.map(\.rank))")
    }
    if parser.price(in: text) != matches.first(where: { $0.rank == 1 }) {
        violated("price(in:) is the match of rank 1", details)
    }
    return 0
}

runFuzzer { data, size in fuzzExtract(data!, size) }
