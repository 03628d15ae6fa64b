import FlyingFox
import Foundation
import MoneyKit
import MoneyKitExchange
import Synchronization
import TestSupport
import Testing

/// HTTPRateSource and RateCache against an HTTP server this test starts on 127.0.0.1 (no other
/// address is touched): it serves the ECB fixture, then fails, then does not answer within the
/// client's timeout, then serves garbage.
///
/// Not under `make sanitize`: with both cores busy running the instrumented suite, the
/// server's tasks did not get to listen within 120 s (a starved cooperative thread pool, not a
/// defect); the optimized `make test` runs them.
@Suite(.serialized, .disabled(if: Sanitizers.active,
                              "the sanitizer runs starve the test server's tasks"))
struct HTTPRateSourceTests {
    enum Behaviour { case serve, fail, hang, delayed, garbage }

    /// What the server does next, and how many requests it saw.
    final class ServerState: Sendable {
        let behaviour = Mutex(Behaviour.serve)
        let requests = Mutex(0)
    }

    /// Starts a server on a free loopback port; returns it with its base URL.
    static func startServer(_ state: ServerState) async throws -> (HTTPServer, URL, Task<Void, any Error>) {
        let fixture = try Data(contentsOf: TestData.directory.appendingPathComponent("exchange/eurofxref-daily.xml"))
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0))
        await server.appendRoute("GET /rates.xml") { _ in
            state.requests.withLock { $0 += 1 }
            switch state.behaviour.withLock({ $0 }) {
            case .serve: return HTTPResponse(statusCode: .ok, body: fixture)
            case .fail: return HTTPResponse(statusCode: .internalServerError)
            case .hang:
                // Never answers within the client's timeout (the server's stop cancels it).
                try await Task.sleep(for: .seconds(60))
                return HTTPResponse(statusCode: .ok, body: fixture)
            case .delayed:
                try await Task.sleep(for: .seconds(1))
                return HTTPResponse(statusCode: .ok, body: fixture)
            case .garbage: return HTTPResponse(statusCode: .ok, body: Data("<html>maintenance</html>".utf8))
            }
        }
        let task = Task { try await server.run() }
        // Generous: the rest of the suite may keep both cores busy while the server starts.
        try await server.waitUntilListening(timeout: 120)
        guard case let .ip4(_, port)? = await server.listeningAddress else {
            throw URLError(.cannotConnectToHost)
        }
        return (server, URL(string: "http://127.0.0.1:\(port)/rates.xml")!, task)
    }

    @Test func cacheThroughServeFailSlowAndGarbage() async throws {
        let state = ServerState()
        let (server, url, task) = try await Self.startServer(state)
        defer { task.cancel() }
        let clock = RateCacheTests.Clock()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-\(UUID().uuidString).json")
        let cache = RateCache(source: HTTPRateSource(url: url, timeout: 5), file: file, now: { clock.now })

        let fresh = try await cache.rates()
        #expect(!fresh.isStale)
        #expect(fresh.rates.rate(for: "USD") == Decimal(plainText: "1.0523"))

        for (step, mode) in [Behaviour.fail, .hang, .garbage].enumerated() {
            state.behaviour.withLock { $0 = mode }
            clock.advance(hours: 25)
            let stale = try await cache.rates()
            #expect(stale.isStale, "\(mode)")
            #expect(stale.age == Double(step + 1) * 25 * 3600, "\(mode)")
            #expect(stale.rates.date == "2026-11-20")
            #expect(stale.fetchFailure != nil)
        }
        state.behaviour.withLock { $0 = .serve }
        let again = try await cache.rates()
        #expect(!again.isStale)
        #expect(state.requests.withLock { $0 } == 5)
        await server.stop(timeout: 1)
    }

    @Test func concurrentCallersShareOneRequestAndACorruptCacheIsReplaced() async throws {
        let state = ServerState()
        state.behaviour.withLock { $0 = .delayed }
        let (server, url, task) = try await Self.startServer(state)
        defer { task.cancel() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-\(UUID().uuidString).json")
        try Data("{\"fetchedAt\":\"2026-11-20T10:00:00Z\",\"ra".utf8).write(to: file)  // half-written
        let cache = RateCache(source: HTTPRateSource(url: url, timeout: 30), file: file)
        let results = try await withThrowingTaskGroup(of: RateCache.CachedRates.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.rates() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { !$0.isStale && $0.rates.date == "2026-11-20" })
        #expect(results.contains { $0.cacheProblem?.contains("corrupt") == true })
        #expect(state.requests.withLock { $0 } == 1)
        await server.stop(timeout: 1)
    }

    @Test func sourceReadsTheServedFixtureExactly() async throws {
        let state = ServerState()
        let (server, url, task) = try await Self.startServer(state)
        defer { task.cancel() }
        let rates = try await HTTPRateSource(url: url).fetch()
        #expect(rates.rates.count == 30)
        #expect(rates.rate(for: "JPY") == Decimal(plainText: "162.87"))
        state.behaviour.withLock { $0 = .fail }
        await #expect(throws: HTTPRateSource.FetchError.self) { try await HTTPRateSource(url: url).fetch() }
        await server.stop(timeout: 1)
    }
}
