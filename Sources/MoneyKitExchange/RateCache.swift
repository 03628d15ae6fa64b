import Foundation

/// Keeps the last good rates in a file and serves them while they are fresh; refetches when
/// they are older than `maxAge`; when a fetch fails, serves the cached rates marked stale with
/// their age, never silently. Concurrent callers share one fetch.
///
/// ```swift
/// let cache = RateCache(source: HTTPRateSource(url: ecbDaily), file: cacheURL)
/// let current = try await cache.rates()
/// if current.isStale { print("rates are \(current.age) old") }
/// ```
///
/// The file holds JSON (`{"fetchedAt": ..., "rates": {...}}`) written atomically (a new file
/// renamed over the old one). A corrupt or half-written file is reported in
/// ``CachedRates/cacheProblem`` and replaced by the next good fetch.
public actor RateCache {
    /// Rates as served, with how fresh they are.
    public struct CachedRates: Sendable, Hashable {
        /// The rates.
        public let rates: ExchangeRates
        /// When they were fetched.
        public let fetchedAt: Date
        /// How old they are.
        public let age: TimeInterval
        /// Whether they are older than the cache's maximum age (the fetch failed).
        public let isStale: Bool
        /// Why they are stale: the failed fetch's error.
        public let fetchFailure: String?
        /// A problem with the cache file (corrupt, unreadable, unwritable), when there was one.
        public let cacheProblem: String?

        /// Creates a description of served rates (for sources used without a cache).
        public init(rates: ExchangeRates, fetchedAt: Date, age: TimeInterval, isStale: Bool, fetchFailure: String?,
                    cacheProblem: String?) {
            self.rates = rates
            self.fetchedAt = fetchedAt
            self.age = age
            self.isStale = isStale
            self.fetchFailure = fetchFailure
            self.cacheProblem = cacheProblem
        }
    }

    private struct Stored: Codable {
        let fetchedAt: Date
        let rates: ExchangeRates
    }

    private let source: any RateSource
    private let file: URL
    private let maxAge: TimeInterval
    private let now: @Sendable () -> Date
    private var stored: Stored?
    private var loaded = false
    private var cacheProblem: String?
    private var inFlight: Task<ExchangeRates, any Error>?

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - source: Where fresh rates come from.
    ///   - file: The cache file (created when missing).
    ///   - maxAge: How long rates stay fresh (default 24 hours).
    ///   - now: The clock (tests pass their own).
    public init(source: any RateSource, file: URL, maxAge: TimeInterval = 24 * 3600,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.source = source
        self.file = file
        self.maxAge = maxAge
        self.now = now
    }

    /// The rates: the cached ones while fresh, else fetched (and cached), else the cached ones
    /// marked stale.
    ///
    /// - Returns: The rates with their age and any problem met.
    /// - Throws: The fetch's error when it failed and nothing usable is cached.
    public func rates() async throws -> CachedRates {
        loadIfNeeded()
        let time = now()
        if let stored, time.timeIntervalSince(stored.fetchedAt) < maxAge {
            return CachedRates(rates: stored.rates, fetchedAt: stored.fetchedAt, age: time.timeIntervalSince(stored.fetchedAt),
                               isStale: false, fetchFailure: nil, cacheProblem: cacheProblem)
        }
        do {
            let rates = try await fetchShared()
            let fetchedAt = now()
            let fresh = Stored(fetchedAt: fetchedAt, rates: rates)
            stored = fresh
            let problem = cacheProblem  // reported once, then replaced by the save
            save(fresh)
            return CachedRates(rates: rates, fetchedAt: fetchedAt, age: 0, isStale: false, fetchFailure: nil,
                               cacheProblem: cacheProblem ?? problem)
        } catch {
            guard let stored else { throw error }
            let age = now().timeIntervalSince(stored.fetchedAt)
            return CachedRates(rates: stored.rates, fetchedAt: stored.fetchedAt, age: age, isStale: true,
                               fetchFailure: "\(error)", cacheProblem: cacheProblem)
        }
    }

    /// One fetch for every caller waiting at the same time.
    private func fetchShared() async throws -> ExchangeRates {
        if let inFlight { return try await inFlight.value }
        let source = self.source
        let task = Task { try await source.fetch() }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            stored = try decoder.decode(Stored.self, from: Data(contentsOf: file))
        } catch {
            cacheProblem = "cache file \(file.path) is corrupt or unreadable (\(error)); it will be replaced"
        }
    }

    private func save(_ value: Stored) {
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = .sortedKeys
            try encoder.encode(value).write(to: file, options: .atomic)
            if cacheProblem?.hasPrefix("cache file") == true { cacheProblem = nil }
        } catch {
            cacheProblem = "cannot write cache file \(file.path): \(error)"
        }
    }
}
