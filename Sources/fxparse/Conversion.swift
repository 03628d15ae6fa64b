import ArgumentParser
import Foundation
import MoneyKit
import MoneyKitCorpus
import MoneyKitExchange

/// `fxparse parse --to CUR --rates FILE|URL`: converts every parsed amount.
struct ConversionOptions: ParsableArguments {
    @Option(name: .long, help: "Convert every parsed amount to this currency (ISO 4217).")
    var to: String?

    @Option(name: .long, help: "Exchange rates: a file or an http(s) URL, in ECB reference-rate XML or the JSON rate format.")
    var rates: String?

    @Option(name: .long, help: "Keep the last good rates in this file and use them while younger than --max-age.")
    var cache: String?

    @Option(name: .long, help: "How long cached rates stay fresh: a number with m, h or d (30m, 12h, 2d).")
    var maxAge: String = "24h"

    var wanted: Bool { to != nil }

    func validate() throws {
        if to != nil, rates == nil { throw ValidationError("--to needs --rates FILE|URL") }
        if rates != nil, to == nil { throw ValidationError("--rates needs --to CUR") }
        if to != nil, (try? Currency(code: to!)) == nil { throw ValidationError("\(to!) is not an ISO 4217 code ICU knows") }
        if ConversionOptions.seconds(maxAge) == nil { throw ValidationError("--max-age \(maxAge): use a number with m, h or d") }
    }

    /// `30m`, `12h`, `2d` in seconds.
    static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let value = Double(text.dropLast()), value >= 0 else { return nil }
        switch unit {
        case "m": return value * 60
        case "h": return value * 3600
        case "d": return value * 86400
        default: return nil
        }
    }

    /// The columns `converted_amount`, `converted_code`, `rate` and `rate_date`, computed
    /// from each parsed amount; a row without a rate gets `missingRate` in `error`. The
    /// rates are read once, here, before any row.
    func rowExtension() throws -> RowExtension {
        let target = (try! Currency(code: to!))
        let rates = try loadRates()
        // `rate` is shown to 10 decimals; the conversion itself uses the exact rates.
        let rateDisplay = RoundingUnit.increment(Decimal(sign: .plus, exponent: -10, significand: 1))
        return RowExtension(columns: ["converted_amount", "converted_code", "rate", "rate_date"]) { money in
            let converted: Money
            do {
                converted = try rates.convert(money, to: target)
            } catch {
                // The library's sentence (`No exchange rate for KWD on 2026-11-20.`).
                return .failure(kind: "missingRate", message: (error as? LocalizedError)?.errorDescription ?? "\(error)")
            }
            guard let targetRate = rates.rate(for: target), let sourceRate = rates.rate(for: money.currency) else {
                return .failure(kind: "missingRate", message: "No exchange rate for \(money.currency.code) on \(rates.date).")
            }
            let rate = (try? Money(targetRate, target).divided(by: sourceRate, unit: rateDisplay, rule: .toNearestOrEven))
            return .values([converted.amount.plainText, target.code, rate?.amount.plainText ?? "", rates.date])
        }
    }

    /// The rates, through the cache when one is named; a stale answer is a warning on stderr.
    private func loadRates() throws -> ExchangeRates {
        let location = rates!
        let source: any RateSource = location.hasPrefix("http://") || location.hasPrefix("https://")
            ? HTTPRateSource(url: URL(string: location)!)
            : FileRateSource(url: URL(fileURLWithPath: location))
        let maxAge = ConversionOptions.seconds(maxAge)!
        let cacheFile = cache.map { URL(fileURLWithPath: $0) }
        let outcome = blocking { () async throws -> RateCache.CachedRates in
            if let cacheFile {
                return try await RateCache(source: source, file: cacheFile, maxAge: maxAge).rates()
            }
            let fetched = try await source.fetch()
            return RateCache.CachedRates(rates: fetched, fetchedAt: Date(), age: 0, isStale: false, fetchFailure: nil, cacheProblem: nil)
        }
        switch outcome {
        case .failure(let error):
            // One line: the library's errors are sentences (LocalizedError); anything else is
            // shown by its localized description, never as an NSError dump.
            let reason = (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
            let remote = location.hasPrefix("http://") || location.hasPrefix("https://")
            // The sources' errors start with the file or URL; a format error does not.
            let placed = reason.hasPrefix(location) ? reason : "\(location): \(reason)"
            complain("fxparse: cannot read exchange rates: \(placed)"
                     + (remote && cache == nil ? "; --cache FILE keeps the last good rates for when the source cannot be reached" : ""))
            throw ExitCode(2)
        case .success(let cached):
            if let problem = cached.cacheProblem { complain("fxparse: warning: \(problem)") }
            if cached.isStale {
                complain("fxparse: warning: using stale exchange rates for \(cached.rates.date), fetched "
                         + "\(ISO8601DateFormatter().string(from: cached.fetchedAt)), \(ConversionOptions.describe(age: cached.age)) old "
                         + "(refresh failed: \(cached.fetchFailure ?? "unknown"))")
            }
            return cached.rates
        }
    }

    static func describe(age: TimeInterval) -> String {
        let hours = Int(age / 3600)
        return hours >= 48 ? "\(hours / 24) days" : hours >= 1 ? "\(hours) hours" : "\(Int(age / 60)) minutes"
    }
}

/// Runs async work to completion from synchronous command code.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.result!
}

/// The result of `blocking`'s task, written before the semaphore is signalled and read after.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
