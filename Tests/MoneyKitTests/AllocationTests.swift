import CAllocationCounter
import Foundation
import MoneyKit
import MoneyKitCorpus
import TestSupport
import Testing

/// The parse hot path allocates nothing for short inputs once the locale is warm.
///
/// The test runner links a counter that interposes glibc's malloc family and counts the
/// calling thread's allocations; each row is parsed once to warm its locale, then 10 more
/// times between two readings of the counter.
///
/// The property holds for optimized builds, which `make test` runs: an unoptimized build
/// calls the standard library's generic algorithms unspecialized, and their coroutine
/// frames allocate. Only successful parses are asserted here: inside the test runner every
/// `throw` allocates (Swift Testing records a backtrace per thrown error); parsebench
/// reports what rejected inputs cost outside it.
@Suite struct AllocationTests {
    /// Rows of the corpora whose input is at most 64 UTF-8 bytes, with a parser for each.
    static let shortRows: [(CorpusCase, MoneyParser)] = TestData.cases.compactMap { row in
        guard row.input.utf8.count <= 64, let locale = row.locale, row.invalidOptions == nil else { return nil }
        let parser = MoneyParser(locale: Locale(identifier: locale), currency: row.currency.flatMap { (try? Currency(code: $0)) },
                                 options: row.options ?? .init())
        return (row, parser)
    }

    /// Allocations made by `body`, run on the calling thread.
    static func allocations(_ body: () -> Void) -> UInt64 {
        let before = mk_thread_allocation_count()
        body()
        return mk_thread_allocation_count() - before
    }

    @Test("The counter sees allocations", .enabled(if: mk_allocation_counting_available() == 1))
    func counterWorks() {
        var array: [Int] = []
        let count = Self.allocations {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 100)
            buffer.deallocate()
            array = Array(repeating: 7, count: 100)
        }
        #expect(array.count == 100)
        #expect(count == 2)
    }

    /// Whether this is an optimized build (`make test`), where the property is promised.
    static var isOptimized: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    @Test("Parsing an amount of up to 64 bytes allocates nothing once the locale is warm",
          .enabled(if: mk_allocation_counting_available() == 1, "allocation counting needs glibc"),
          .enabled(if: isOptimized, "an optimized build: make test, or swift test -c release -Xswiftc -enable-testing"))
    func successfulParsesDoNotAllocate() {
        var parsed = 0
        var allocating: [String] = []
        for (row, parser) in Self.shortRows {
            // Numbers in words (§8) are read by a second reading that allocates its keyed text
            // and search; the promise is for amounts in digits.
            guard (try? parser.parse(row.input)) != nil, !parser.readsOnlyInWords(row.input) else { continue }
            parsed += 1
            let count = Self.allocations {
                for _ in 0..<10 { _ = try? parser.parse(row.input) }
            }
            if count != 0 { allocating.append("\(row.testDescription): \(count) allocations in 10 parses") }
            // The general machine alone, for the rows the common shape reads (CommonShape.swift),
            // once its tables are warm too: a locale builds its marker tables and compact affixes
            // on its first general parse, which the common shape's rows never reach.
            _ = try? parser.parse(row.input, route: .generalOnly)
            let general = Self.allocations {
                for _ in 0..<10 { _ = try? parser.parse(row.input, route: .generalOnly) }
            }
            if general != 0 { allocating.append("\(row.testDescription): \(general) allocations in 10 general parses") }
        }
        #expect(parsed >= 2000, "short rows that parse: \(parsed)")
        #expect(allocating.isEmpty, "\(allocating.count) rows allocate:\n\(allocating.prefix(40).joined(separator: "\n"))")
    }
}
