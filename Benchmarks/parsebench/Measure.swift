// Timing, allocation counting and accuracy.
import CAllocationCounter
import Foundation
import MoneyKit

/// One engine's figures in one mode.
struct Measurement: Codable {
    let engine: String
    let key: String
    /// `grouped` or `stream`.
    let mode: String
    /// Median over the rounds, nanoseconds per parse (or format).
    let nanoseconds: Double
    /// Heap allocations per operation on the timed rows, once warm (nil without glibc).
    let allocations: Double?
    /// Parse: share of `expect=ok` rows read exactly right (amount and currency).
    /// Format: share of rows written identically to MoneyKit (which the tests check against ICU).
    let accuracy: Double
    /// Parse: share of `expect=error` rows rejected, and heap allocations per rejection.
    let rejected: Double?
    let allocationsPerRejection: Double?
    /// This engine's time divided by MoneyKit's (prepared parser, or formatter) in the same mode.
    var timesMoneyKit: Double = 1

    var perSecond: Double { 1e9 / nanoseconds }
}

/// Per corpus file: how many rows each engine got right.
struct CorpusAccuracy: Codable {
    let corpus: String
    let okRows: Int
    let errorRows: Int
    /// Engine key -> `expect=ok` rows read exactly right.
    var read: [String: Int] = [:]
    /// Engine key -> `expect=error` rows rejected.
    var rejected: [String: Int] = [:]
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Heap allocations per call of `body` over `indices`, on this thread (nil without glibc).
func allocationsPerCall(_ indices: [Int], _ body: (Int) -> Void) -> Double? {
    guard mk_allocation_counting_available() == 1, !indices.isEmpty else { return nil }
    let before = mk_thread_allocation_count()
    for index in indices { body(index) }
    return Double(mk_thread_allocation_count() - before) / Double(indices.count)
}

/// Heap allocations per successful parse of the prepared parser, once warm, on the rows whose
/// promise is zero (`AllocationTests`): `expect=ok` inputs of at most 64 UTF-8 bytes read in
/// digits. Numbers in words (Docs/ParsingRules.md §8) and longer inputs may allocate, and the
/// parsing table's column counts them too. Returns nil without glibc; also the rows counted.
func shortDigitParseAllocations(rows: [Row]) -> (allocations: Double?, rows: Int) {
    let engine = PreparedMoneyKit(rows: rows)
    let shortRows = rows.indices.filter { index in
        rows[index].expected != nil && rows[index].input.utf8.count <= 64
            && (try? engine.parsers[index].parse(rows[index].input)) != nil && !engine.parsers[index].readsOnlyInWords(rows[index].input)
    }
    var sink = 0
    let allocations = allocationsPerCall(shortRows) { sink &+= engine.time($0) }
    precondition(sink >= 0)
    return (allocations, shortRows.count)
}

/// One timed pass of an engine over rows, in nanoseconds per parse. Generic, so that the
/// loop calls the engine directly (not through an existential) for every engine alike.
func timedPass<Engine: ParseEngine>(_ engine: inout Engine, rows: [Int], sink: inout Int) -> Double {
    let start = ContinuousClock.now
    for row in rows { sink &+= engine.time(row) }
    return seconds(ContinuousClock.now - start) * 1e9 / Double(rows.count)
}

/// Times the parse engines over the `expect=ok` rows (in the order given), `rounds` times,
/// engines interleaved within a round and rotating who goes first; also counts allocations
/// and checks every row (error rows included) once per engine.
func measureParsing(rows: [Row], mode: String, rounds: Int) -> (results: [Measurement], corpora: [CorpusAccuracy]) {
    var engines: [any ParseEngine] = [
        PreparedMoneyKit(rows: rows), StaticMoneyKit(rows: rows), FoundationFormatStyle(rows: rows),
        FoundationNumberFormatter(rows: rows), ICUCurrencyParse(rows: rows),
    ]
    let okRows = rows.indices.filter { rows[$0].expected != nil }
    let errorRows = rows.indices.filter { rows[$0].expected == nil }
    var corpora: [String: CorpusAccuracy] = [:]
    for row in rows where corpora[row.corpus] == nil {
        corpora[row.corpus] = CorpusAccuracy(corpus: row.corpus, okRows: rows.filter { $0.corpus == row.corpus && $0.expected != nil }.count,
                                             errorRows: rows.filter { $0.corpus == row.corpus && $0.expected == nil }.count)
    }
    var read = Array(repeating: 0, count: engines.count)
    var rejected = Array(repeating: 0, count: engines.count)
    var okAllocations: [Double?] = []
    var errorAllocations: [Double?] = []
    var sink = 0
    for index in engines.indices {
        // Correctness pass (also warms every locale and cache the engine uses).
        for row in rows.indices {
            let money = engines[index].money(row)
            let right = money == rows[row].expected
            guard right else { continue }
            if rows[row].expected == nil {
                rejected[index] += 1
                corpora[rows[row].corpus]!.rejected[engines[index].key, default: 0] += 1
            } else {
                read[index] += 1
                corpora[rows[row].corpus]!.read[engines[index].key, default: 0] += 1
            }
        }
        okAllocations.append(allocationsPerCall(okRows) { sink &+= engines[index].time($0) })
        errorAllocations.append(allocationsPerCall(errorRows) { sink &+= engines[index].time($0) })
    }
    var samples = Array(repeating: [Double](), count: engines.count)
    for round in 0..<rounds {
        for offset in engines.indices {
            let index = (round + offset) % engines.count
            samples[index].append(timedPass(&engines[index], rows: okRows, sink: &sink))
        }
    }
    precondition(sink >= 0)
    var results = engines.indices.map { index in
        Measurement(engine: engines[index].name, key: engines[index].key, mode: mode, nanoseconds: median(samples[index]),
                    allocations: okAllocations[index], accuracy: Double(read[index]) / Double(max(okRows.count, 1)),
                    rejected: errorRows.isEmpty ? nil : Double(rejected[index]) / Double(errorRows.count),
                    allocationsPerRejection: errorAllocations[index])
    }
    for index in results.indices { results[index].timesMoneyKit = results[index].nanoseconds / results[0].nanoseconds }
    return (results, corpora.values.sorted { $0.corpus < $1.corpus })
}

/// One timed pass of a formatter over `count` values, in nanoseconds per format.
func timedPass<Engine: FormatEngine>(_ engine: Engine, count: Int, sink: inout Int) -> Double {
    let start = ContinuousClock.now
    for row in 0..<count { sink &+= engine.format(row).utf8.count }
    return seconds(ContinuousClock.now - start) * 1e9 / Double(count)
}

/// Times the formatting engines like ``measureParsing(rows:mode:rounds:)`` times the
/// parsers, over the expected money of the `expect=ok` rows.
func measureFormatting(rows allRows: [Row], mode: String, rounds: Int) -> [Measurement] {
    let rows = allRows.filter { $0.expected != nil }
    let values = rows.map { $0.expected! }
    let engines: [any FormatEngine] = [
        MoneyKitFormatter(rows: rows, values: values), FoundationFormatter(rows: rows, values: values),
        ICUFormatter(rows: rows, values: values),
    ]
    let reference = rows.indices.map { engines[0].format($0) }
    var sink = 0
    let agreement = engines.map { engine in
        Double(rows.indices.filter { engine.format($0) == reference[$0] }.count) / Double(rows.count)
    }
    let allocations = engines.map { engine in allocationsPerCall(Array(rows.indices)) { sink &+= engine.format($0).utf8.count } }
    var samples = Array(repeating: [Double](), count: engines.count)
    for round in 0..<rounds {
        for offset in engines.indices {
            let index = (round + offset) % engines.count
            samples[index].append(timedPass(engines[index], count: rows.count, sink: &sink))
        }
    }
    precondition(sink > 0)
    var results = engines.indices.map { index in
        Measurement(engine: engines[index].name, key: engines[index].key, mode: mode, nanoseconds: median(samples[index]),
                    allocations: allocations[index], accuracy: agreement[index], rejected: nil, allocationsPerRejection: nil)
    }
    for index in results.indices { results[index].timesMoneyKit = results[index].nanoseconds / results[0].nanoseconds }
    return results
}

/// The same amounts written with CJK numerals and with Arabic digits, parsed by a prepared
/// MoneyKit parser, interleaved: what reading numerals costs.
struct NumeralPair: Codable {
    let locale: String
    let numerals: String
    let digits: String
    var numeralNanoseconds = 0.0
    var digitNanoseconds = 0.0
}

func measureNumerals(rounds: Int, repeats: Int) -> [NumeralPair] {
    var pairs = [
        NumeralPair(locale: "ja_JP", numerals: "一万二千三百四十五円", digits: "12,345円"),
        NumeralPair(locale: "ja_JP", numerals: "1万2千円", digits: "12,000円"),
        NumeralPair(locale: "zh_CN", numerals: "一千二百三十四元五角六分", digits: "¥1,234.56"),
        NumeralPair(locale: "zh_CN", numerals: "一万五千元", digits: "15,000元"),
        NumeralPair(locale: "ko_KR", numerals: "3억 5천만 원", digits: "350,000,000원"),
        NumeralPair(locale: "ko_KR", numerals: "삼만 오천 원", digits: "35,000원"),
    ]
    for index in pairs.indices {
        let pair = pairs[index]
        let parser = MoneyParser(locale: Locale(identifier: pair.locale))
        guard let a = try? parser.parse(pair.numerals), let b = try? parser.parse(pair.digits), a.amount == b.amount else {
            FileHandle.standardError.write(Data("parsebench: \(pair.numerals) and \(pair.digits) differ\n".utf8))
            exit(1)
        }
        var samples: ([Double], [Double]) = ([], [])
        for round in 0..<rounds {
            for side in [round % 2, 1 - round % 2] {
                let text = side == 0 ? pair.numerals : pair.digits
                let start = ContinuousClock.now
                for _ in 0..<repeats { _ = try? parser.parse(text) }
                let ns = seconds(ContinuousClock.now - start) * 1e9 / Double(repeats)
                if side == 0 { samples.0.append(ns) } else { samples.1.append(ns) }
            }
        }
        pairs[index].numeralNanoseconds = median(samples.0)
        pairs[index].digitNanoseconds = median(samples.1)
    }
    return pairs
}
