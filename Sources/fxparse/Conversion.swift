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

    @Option(name: .long, help: "How long cached rates stay fresh: 30m, 12h, 2d (default 24h).")
    var maxAge: String = "24h"

    var wanted: Bool { to != nil }

    func validate() throws {
        if to != nil, rates == nil { throw ValidationError("--to needs --rates FILE|URL") }
        if rates != nil, to == nil { throw ValidationError("--rates needs --to CUR") }
        if to != nil, Currency(code: to!) == nil { throw ValidationError("\(to!) is not an ISO 4217 code ICU knows") }
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

    /// The parse result with `converted_amount`, `converted_code`, `rate` and `rate_date`
    /// columns; a row without a rate gets `missingRate` in `error`.
    func convert(_ result: CorpusParse) throws -> CorpusParse {
        let target = Currency(code: to!)!
        let rates = try loadRates()
        var header = result.header
        let amountColumn = header.firstIndex(of: "amount")!
        let codeColumn = header.firstIndex(of: "code")!
        let errorColumn = header.firstIndex(of: "error")!
        let added = ["converted_amount", "converted_code", "rate", "rate_date"].map { column in
            if let existing = header.firstIndex(of: column) { return existing }
            header.append(column)
            return header.count - 1
        }
        let records = result.records.map { original -> [String] in
            var record = original + Array(repeating: "", count: max(header.count - original.count, 0))
            for column in added { record[column] = "" }
            guard record[errorColumn].isEmpty, let amount = Decimal(plainText: record[amountColumn]),
                  let currency = Currency(code: record[codeColumn]) else { return record }
            do {
                let converted = try rates.convert(Money(amount, currency), to: target)
                record[added[0]] = converted.amount.plainText
                record[added[1]] = target.code
                record[added[2]] = (try? Money(rates.rate(for: target)!, target)
                    .divided(by: rates.rate(for: currency)!, unit: .increment(Decimal(sign: .plus, exponent: -10, significand: 1)),
                             rule: .toNearestOrEven).amount.plainText) ?? ""
                record[added[3]] = rates.date
            } catch {
                record[errorColumn] = "missingRate"
            }
            return record
        }
        return CorpusParse(header: header, records: records)
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
            complain("fxparse: cannot read exchange rates from \(location): \(error)")
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
