// Numbers in words against the same amounts in digits (Docs/ParsingRules.md §8; issue 22's
// cost target: a parse in words at most ten times a parse in digits).
import Foundation
import MoneyKit

/// Words and digits, median nanoseconds per parse over the rounds.
struct WordsCost {
    /// `grouped` (rows sorted by locale: each parser works in one locale at a time, as
    /// parsebench's main tables) or `stream` (the corpus's order, locales mixed).
    let mode: String
    let rows: Int
    let locales: Int
    let wordsNanoseconds: Double
    let digitsNanoseconds: Double
    /// Heap allocations per parse, once warm (nil without glibc).
    let wordsAllocations: Double?
    let digitsAllocations: Double?
    var ratio: Double { wordsNanoseconds / digitsNanoseconds }
}

/// Every lenient `expect=ok` row of the words corpus, each against the same amount written
/// as digits and its ISO code, parsed by one prepared parser per locale, warm; the two sides
/// alternate within a round and take turns going first. Grouped, then in the corpus's order.
func measureWordsCost(path: String, rounds: Int, repeats: Int) -> [WordsCost] {
    let rows = loadRows([path]).filter { $0.expected != nil && $0.options == MoneyParser.Options() && $0.hint == nil }
    guard !rows.isEmpty else { fail("no lenient expect=ok rows in \(path)") }
    var parsers: [String: MoneyParser] = [:]
    var words: [(MoneyParser, String)] = []
    var digits: [(MoneyParser, String)] = []
    for row in rows {
        let parser = parsers[row.localeID] ?? MoneyParser(locale: row.locale)
        parsers[row.localeID] = parser
        let money = row.expected!
        let digitText = "\(money.amount) \(money.currency.code)"
        // Both sides must read the expected money, or the comparison times an error.
        guard (try? parser.parse(row.input)) == money, (try? parser.parse(digitText)) == money else {
            fail("\(row.localeID) \(row.input) or \(digitText) does not read as \(money)")
        }
        words.append((parser, row.input))
        digits.append((parser, digitText))
    }
    let grouped = rows.indices.sorted { (rows[$0].localeID, $0) < (rows[$1].localeID, $1) }
    return [("grouped", grouped), ("stream", Array(rows.indices))].map { mode, order in
        let words = order.map { words[$0] }, digits = order.map { digits[$0] }
        var samples: ([Double], [Double]) = ([], [])
        for round in 0..<rounds {
            for side in [round % 2, 1 - round % 2] {
                if side == 0 {
                    samples.0.append(timedWordsPass(words, repeats: repeats))
                } else {
                    samples.1.append(timedDigitsPass(digits, repeats: repeats))
                }
            }
        }
        return WordsCost(mode: mode, rows: rows.count, locales: parsers.count, wordsNanoseconds: median(samples.0),
                         digitsNanoseconds: median(samples.1),
                         wordsAllocations: allocationsPerCall(Array(words.indices)) { _ = try? words[$0].0.parse(words[$0].1) },
                         digitsAllocations: allocationsPerCall(Array(digits.indices)) { _ = try? digits[$0].0.parse(digits[$0].1) })
    }
}

/// One timed pass over the rows in words, in nanoseconds per parse (a function of its own
/// for a profiler: callgrind --toggle-collect='*timedWordsPass*').
@inline(never) func timedWordsPass(_ rows: [(MoneyParser, String)], repeats: Int) -> Double {
    timedPass(rows, repeats: repeats)
}

/// The same over the rows in digits. (It checks its rows first, and so is not the same
/// function as the other: the compiler would merge two identical ones, and a profiler
/// could no longer tell them apart.)
@inline(never) func timedDigitsPass(_ rows: [(MoneyParser, String)], repeats: Int) -> Double {
    precondition(!rows.isEmpty, "no rows in digits")
    return timedPass(rows, repeats: repeats)
}

@inline(__always) private func timedPass(_ rows: [(MoneyParser, String)], repeats: Int) -> Double {
    let start = ContinuousClock.now
    for _ in 0..<repeats {
        for (parser, input) in rows { _ = try? parser.parse(input) }
    }
    return seconds(ContinuousClock.now - start) * 1e9 / Double(repeats * rows.count)
}
