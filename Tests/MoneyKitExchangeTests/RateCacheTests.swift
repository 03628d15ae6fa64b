import Foundation
import MoneyKit
import MoneyKitExchange
import Synchronization
import Testing

/// RateCache against a scripted source and a test clock: freshness, expiry, stale fallback,
/// corrupt files, persistence and shared fetches.
@Suite struct RateCacheTests {
    /// A source whose answers the test scripts; counts its fetches.
    final class ScriptedSource: RateSource {
        let fetches = Mutex(0)
        let failing = Mutex(false)
        let delay: Duration

        init(delay: Duration = .zero) {
            self.delay = delay
        }

        func fetch() async throws -> ExchangeRates {
            let count = fetches.withLock { value in
                value += 1
                return value
            }
            if delay > .zero { try await Task.sleep(for: delay) }
            if failing.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
            return ExchangeRates(base: "EUR", date: "2026-11-\(19 + count)", rates: ["USD": Decimal(plainText: "1.05")!])
        }
    }

    final class Clock: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
        func advance(hours: Double) { time.withLock { $0 += hours * 3600 } }
        var now: Date { time.withLock { $0 } }
    }

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ratecache-\(UUID().uuidString).json")
    }

    @Test func servesFreshRatesThenRefetchesWhenOld() async throws {
        let source = ScriptedSource()
        let clock = Clock()
        let file = Self.temporaryFile()
        let cache = RateCache(source: source, file: file, now: { clock.now })
        let first = try await cache.rates()
        #expect(first.rates.date == "2026-11-20")
        #expect(!first.isStale)
        clock.advance(hours: 23)
        let second = try await cache.rates()
        #expect(source.fetches.withLock { $0 } == 1)
        #expect(second.age == 23 * 3600)
        #expect(!second.isStale)
        clock.advance(hours: 2)
        let third = try await cache.rates()
        #expect(source.fetches.withLock { $0 } == 2)
        #expect(third.rates.date == "2026-11-21")
        #expect(third.age == 0)
    }

    @Test func failedFetchServesStaleRatesWithTheirAge() async throws {
        let source = ScriptedSource()
        let clock = Clock()
        let cache = RateCache(source: source, file: Self.temporaryFile(), now: { clock.now })
        _ = try await cache.rates()
        clock.advance(hours: 30)
        source.failing.withLock { $0 = true }
        let stale = try await cache.rates()
        #expect(stale.isStale)
        #expect(stale.age == 30 * 3600)
        #expect(stale.rates.date == "2026-11-20")
        #expect(stale.fetchFailure != nil)
    }

    @Test func failedFetchWithNothingCachedThrows() async {
        let source = ScriptedSource()
        source.failing.withLock { $0 = true }
        let cache = RateCache(source: source, file: Self.temporaryFile())
        await #expect(throws: URLError.self) { try await cache.rates() }
    }

    @Test("A corrupt or half-written cache file is reported and replaced", arguments: [
        "{\"fetchedAt\":\"2026-11-20T10:00:00Z\",\"rates\":{\"base\":\"EUR\",\"da", "", "garbage", "{\"fetchedAt\":1}",
    ])
    func corruptFileIsReplaced(contents: String) async throws {
        let file = Self.temporaryFile()
        try Data(contents.utf8).write(to: file)
        let source = ScriptedSource()
        let result = try await RateCache(source: source, file: file).rates()
        #expect(result.cacheProblem?.contains("corrupt") == true)
        #expect(!result.isStale)
        // Replaced: a new cache reads the file without a problem and without fetching.
        let again = try await RateCache(source: source, file: file).rates()
        #expect(again.cacheProblem == nil)
        #expect(source.fetches.withLock { $0 } == 1)
    }

    @Test func concurrentCallersShareOneFetch() async throws {
        let source = ScriptedSource(delay: .milliseconds(200))
        let cache = RateCache(source: source, file: Self.temporaryFile())
        let dates = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.rates().rates.date } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(dates == Array(repeating: "2026-11-20", count: 20))
        #expect(source.fetches.withLock { $0 } == 1)
    }
}
