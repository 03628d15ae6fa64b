// The floor under the parser: what touching the bytes costs, and what a parser built for one
// shape of amount costs, timed in the same run and rounds as MoneyKit (BENCHMARKS.md, "Floor").
//
// - The byte walk reads every byte of every timed row once (a sum MoneyKit cannot beat: it
//   must at least look at each byte).
// - The byte-loop parser reads only the common shape, per locale: an optional `-`, the
//   locale's own currency symbol or its currency's ISO code before or after the number (one
//   space, or the locale's own spacing, between), ASCII digits grouped exactly as the locale
//   groups (or not at all) with its decimal separator, at most the currency's minor digits.
//   It declines everything else (rows with a currency hint or options too). Its table is
//   made from what MoneyFormatter writes for the locale (which the tests check against ICU),
//   so no locale fact is written here. Every row it accepts, garbage rows included, must
//   give exactly MoneyKit's money: the run stops otherwise.
import CMoneyKitICU
import Foundation
import MoneyKit

/// One locale's shape for the byte-loop parser (a class: a row reaches it with one retain).
final class FloorTable {
    let currency: Currency
    /// The currency's minor digits (looked up once).
    let minorUnits: Int
    /// The locale's symbol and the ISO code, as UTF-8 bytes.
    let markers: [[UInt8]]
    /// What the locale writes between a marker and the digits (a no-break space, say);
    /// an ASCII space is accepted too.
    let spacing: [UInt8]
    let groupingSeparator: [UInt8]
    let decimalSeparator: [UInt8]
    /// Digits in the group next to the decimal separator, and in the groups before it.
    let primaryGroup: Int
    let secondaryGroup: Int

    /// The table for a locale, or nil when the locale's amounts are not of the common shape
    /// (native digits, no region currency, affixes beyond the currency).
    init?(localeID: String) {
        var buffer = [CChar](repeating: 0, count: 8)
        var status: Int32 = 0
        guard mkicu_currency_for_locale(localeID, &buffer, 8, &status) == 3, status <= 0,
              let currency = try? Currency(code: String(decoding: buffer.prefix(3).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        else { return nil }
        // 1,234,567.50 as the locale writes it: the separators, the group sizes, the symbol.
        let probe = MoneyFormatter(locale: Locale(identifier: localeID)).fractionDigits(.exactly(2))
            .format(Money(Decimal(string: "1234567.5")!, currency))
        let bytes = Array(probe.utf8)
        guard let first = bytes.firstIndex(where: Self.isDigit), let last = bytes.lastIndex(where: Self.isDigit),
              bytes[first] == UInt8(ascii: "1") else { return nil }
        // The number: digit runs and the separators between them.
        var runs: [Int] = []
        var separators: [[UInt8]] = []
        var index = first
        while index <= last {
            let start = index
            while index <= last, Self.isDigit(bytes[index]) { index += 1 }
            runs.append(index - start)
            if index > last { break }
            let separatorStart = index
            while index <= last, !Self.isDigit(bytes[index]) { index += 1 }
            separators.append(Array(bytes[separatorStart..<index]))
        }
        guard runs.count >= 3, runs.last == 2, runs.dropLast().reduce(0, +) == 7, separators.count == runs.count - 1,
              Set(separators.dropLast()).count == 1, separators.last != separators.first else { return nil }
        groupingSeparator = separators[0]
        decimalSeparator = separators.last!
        primaryGroup = runs[runs.count - 2]
        secondaryGroup = runs.count > 3 ? runs[runs.count - 3] : primaryGroup
        // The symbol: the prefix or the suffix, without the spacing around it; nothing else.
        let prefix = Array(bytes[..<first])
        let suffix = Array(bytes[(last + 1)...])
        guard prefix.isEmpty != suffix.isEmpty else { return nil }
        let affix = prefix.isEmpty ? suffix : prefix
        let spaces: [[UInt8]] = [[0x20], [0xC2, 0xA0], [0xE2, 0x80, 0xAF]]
        var symbol = affix
        var spacing: [UInt8] = []
        for space in spaces {
            if prefix.isEmpty, symbol.starts(with: space) {
                spacing = space
                symbol.removeFirst(space.count)
            } else if suffix.isEmpty, symbol.count > space.count, Array(symbol.suffix(space.count)) == space {
                spacing = space
                symbol.removeLast(space.count)
            }
        }
        guard !symbol.isEmpty, !symbol.contains(where: { Self.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == 0x20 }),
              String(decoding: symbol, as: UTF8.self).unicodeScalars.allSatisfy({ !$0.properties.isBidiControl }) else { return nil }
        self.currency = currency
        self.minorUnits = currency.minorUnits
        self.spacing = spacing
        markers = symbol == Array(currency.code.utf8) ? [symbol] : [symbol, Array(currency.code.utf8)]
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Reads the common shape, or nil.
    @inline(__always)
    func parse(_ text: UnsafeBufferPointer<UInt8>) -> Money? {
        var start = 0
        var end = text.count
        var negative = false
        if start < end, text[start] == UInt8(ascii: "-") {
            negative = true
            start += 1
        }
        // One marker, before or after the number.
        var marked = false
        for marker in markers {
            if Self.has(marker, in: text, at: start) {
                start += marker.count
                start = skipSpace(text, from: start, end: end)
                marked = true
                break
            }
            if end - marker.count >= start, Self.has(marker, in: text, at: end - marker.count) {
                end -= marker.count
                end = skipSpaceBackward(text, from: end, start: start)
                marked = true
                break
            }
        }
        guard marked, start < end else { return nil }
        // Digits, grouped as the locale groups or not at all, then the decimal part.
        var significand: UInt64 = 0
        var digits = 0
        var groups = 0
        var groupLength = 0
        var index = start
        while index < end {
            let byte = text[index]
            if Self.isDigit(byte) {
                guard digits < 18 else { return nil }
                significand = significand * 10 + UInt64(byte &- 0x30)
                digits += 1
                groupLength += 1
                index += 1
            } else if Self.has(groupingSeparator, in: text, at: index) {
                if groups == 0 {
                    guard groupLength >= 1, groupLength <= secondaryGroup else { return nil }
                } else {
                    guard groupLength == secondaryGroup else { return nil }
                }
                groups += 1
                groupLength = 0
                index += groupingSeparator.count
            } else {
                break
            }
        }
        // A leading zero before more digits (`0500`, `0’500`) is not the common shape.
        guard digits > 0, digits == 1 || text[start] != UInt8(ascii: "0") else { return nil }
        if groups > 0, groupLength != primaryGroup { return nil }
        var fractionDigits = 0
        if index < end {
            guard Self.has(decimalSeparator, in: text, at: index) else { return nil }
            index += decimalSeparator.count
            while index < end, Self.isDigit(text[index]) {
                guard digits < 18 else { return nil }
                significand = significand * 10 + UInt64(text[index] &- 0x30)
                digits += 1
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0, fractionDigits <= minorUnits, index == end else { return nil }
        }
        return Money(Decimal(significand: significand, scale: fractionDigits, isNegative: negative), currency)
    }

    @inline(__always)
    static func has(_ bytes: [UInt8], in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index >= 0, index + bytes.count <= text.count else { return false }
        for offset in bytes.indices where text[index + offset] != bytes[offset] { return false }
        return true
    }

    @inline(__always)
    func skipSpace(_ text: UnsafeBufferPointer<UInt8>, from index: Int, end: Int) -> Int {
        if index < end, text[index] == 0x20 { return index + 1 }
        if !spacing.isEmpty, Self.has(spacing, in: text, at: index) { return index + spacing.count }
        return index
    }

    @inline(__always)
    func skipSpaceBackward(_ text: UnsafeBufferPointer<UInt8>, from index: Int, start: Int) -> Int {
        if index > start, text[index - 1] == 0x20 { return index - 1 }
        if !spacing.isEmpty, index - spacing.count >= start, Self.has(spacing, in: text, at: index - spacing.count) {
            return index - spacing.count
        }
        return index
    }
}

/// The byte-loop parser as an engine: a table per locale, rows with a hint or options declined.
struct FloorParser: ParseEngine {
    let name = "byte-loop parser (the floor, its rows only)"
    let key = "floor-parser"
    let rows: [Row]
    let tables: [FloorTable?]

    init(rows: [Row]) {
        self.rows = rows
        tables = prepared(rows, key: { $0.localeID }) { FloorTable(localeID: $0.localeID) }
    }

    func money(_ index: Int) -> Money? {
        let row = rows[index]
        guard row.hint == nil, row.options == MoneyParser.Options(), let table = tables[index] else { return nil }
        var input = row.input
        return input.withUTF8 { table.parse($0) }
    }

    func time(_ index: Int) -> Int {
        guard let table = tables[index] else { return 0 }
        var input = rows[index].input
        return input.withUTF8 { table.parse($0) } == nil ? 0 : 1
    }
}

/// A walk over each row's bytes: the least any parser must do.
struct ByteWalk: ParseEngine {
    let name = "byte walk (every byte read once)"
    let key = "byte-walk"
    let rows: [Row]

    func money(_ index: Int) -> Money? { nil }

    func time(_ index: Int) -> Int {
        var input = rows[index].input
        return input.withUTF8 { bytes in
            var sum = 0
            for byte in bytes { sum &+= Int(byte) }
            return sum & 1
        }
    }
}

/// The floor figures of one run.
struct FloorResult: Codable {
    /// Amounts the byte-loop parser reads (all of them checked against MoneyKit), of all.
    let floorRows: Int
    let allRows: Int
    /// Locales whose amounts have the common shape, of the locales of the amounts.
    let floorLocales: Int
    let allLocales: Int
    /// Nanoseconds per parse (medians over the rounds).
    let floorNanoseconds: Double
    let moneyKitOnFloorRows: Double
    let walkNanoseconds: Double
    let moneyKitOnAllRows: Double

    var timesFloor: Double { moneyKitOnFloorRows / floorNanoseconds }
    var timesWalk: Double { moneyKitOnAllRows / walkNanoseconds }
}

/// Times MoneyKit against the floor: on the byte-loop parser's rows and, against the byte
/// walk, on all amounts; engines interleaved round by round like the other sections.
func measureFloor(rows: [Row], rounds: Int) -> FloorResult {
    let floor = FloorParser(rows: rows)
    var moneyKit = PreparedMoneyKit(rows: rows)
    let okRows = rows.indices.filter { rows[$0].expected != nil }
    // Every row the floor reads, garbage rows included, must be MoneyKit's reading.
    var floorRows: [Int] = []
    for index in rows.indices {
        guard let read = floor.money(index) else { continue }
        let reference = moneyKit.money(index)
        guard read == reference else {
            fail("the byte-loop parser read \(String(reflecting: rows[index].input)) [\(rows[index].localeID)] as \(read), "
                 + "MoneyKit as \(reference.map(\.description) ?? "an error")")
        }
        if rows[index].expected != nil { floorRows.append(index) }
    }
    guard !floorRows.isEmpty else { fail("the byte-loop parser reads none of the amounts") }
    var walk = ByteWalk(rows: rows)
    var floorEngine = floor
    // A switch rather than closures: each pass calls its engine's specialized loop (through
    // closures, a profile showed the floor's pass left as the unspecialized generic loop).
    var samples = Array(repeating: [Double](), count: 4)
    var sink = 0
    for round in 0..<rounds {
        for offset in 0..<4 {
            let index = (round + offset) % 4
            // Each timed pass right after the same pass untimed: the floor's 331 rows take
            // microseconds, and after another engine's pass they start from cold caches
            // (its tables, the rows' strings), which cost more than its work (240-430 ns per
            // row timed cold, 48 ns as the best of 2,000 back-to-back passes); warm, every
            // engine is timed alike.
            switch index {
            case 0:
                _ = timedPass(&floorEngine, rows: floorRows, sink: &sink)
                samples[0].append(timedPass(&floorEngine, rows: floorRows, sink: &sink))
            case 1:
                _ = timedPass(&moneyKit, rows: floorRows, sink: &sink)
                samples[1].append(timedPass(&moneyKit, rows: floorRows, sink: &sink))
            case 2:
                _ = timedPass(&walk, rows: okRows, sink: &sink)
                samples[2].append(timedPass(&walk, rows: okRows, sink: &sink))
            default:
                _ = timedPass(&moneyKit, rows: okRows, sink: &sink)
                samples[3].append(timedPass(&moneyKit, rows: okRows, sink: &sink))
            }
        }
    }
    precondition(sink >= 0)
    return FloorResult(floorRows: floorRows.count, allRows: okRows.count,
                       floorLocales: Set(floorRows.map { rows[$0].localeID }).count,
                       allLocales: Set(okRows.map { rows[$0].localeID }).count,
                       floorNanoseconds: median(samples[0]), moneyKitOnFloorRows: median(samples[1]),
                       walkNanoseconds: median(samples[2]), moneyKitOnAllRows: median(samples[3]))
}

func printFloor(_ floor: FloorResult) {
    print(pad("", 58) + pad("ns/parse", 11) + "MoneyKit ×")
    print(pad("byte-loop parser, on the \(floor.floorRows) amounts it reads (\(floor.floorLocales) locales)", 58)
          + pad(decimal(floor.floorNanoseconds, 1), 11) + String(format: "%.1f", floor.timesFloor))
    print(pad("MoneyKit (prepared parser), on the same amounts", 58) + decimal(floor.moneyKitOnFloorRows, 1))
    print(pad("byte walk, over all \(floor.allRows) amounts (\(floor.allLocales) locales)", 58)
          + pad(decimal(floor.walkNanoseconds, 1), 11) + String(format: "%.1f", floor.timesWalk))
    print(pad("MoneyKit (prepared parser), on all amounts", 58) + decimal(floor.moneyKitOnAllRows, 1))
}
