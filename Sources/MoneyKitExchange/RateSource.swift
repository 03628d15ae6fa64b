import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where exchange rates come from: a file, a URL, a test's closure.
public protocol RateSource: Sendable {
    /// Fetches the current rates.
    func fetch() async throws -> ExchangeRates
}

/// Why a source could not fetch rates: the file or address, and what went wrong.
public struct RateSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file or address.
    public let description: String

    /// Creates an error.
    public init(description: String) {
        self.description = description
    }
}

/// Reads rates from bytes in either supported format: the ECB's reference-rate XML (its
/// newest day) or the JSON rate format (Docs/ExchangeRates.md).
public enum RateDocument {
    /// Why bytes hold no rates.
    public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The rates in a document, the format told by its first non-blank character (`<` XML, `{` JSON).
    ///
    /// - Parameter data: The document.
    /// - Returns: Its rates (for an ECB history, the newest day).
    /// - Throws: ``FormatError`` when the document is neither, or malformed.
    public static func rates(in data: Data) throws(FormatError) -> ExchangeRates {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        switch first {
        case UInt8(ascii: "<"):
            do {
                return try ECBReferenceRates.parse(data)[0]
            } catch {
                throw FormatError(description: "ECB XML: \(error)")
            }
        case UInt8(ascii: "{"):
            do {
                return try JSONDecoder().decode(ExchangeRates.self, from: data)
            } catch {
                throw FormatError(description: "JSON rates: \(error)")
            }
        default:
            throw FormatError(description: "neither ECB XML nor JSON rates")
        }
    }
}

/// Rates from a local file in either format.
public struct FileRateSource: RateSource {
    /// The file.
    public let url: URL

    /// Creates a source reading `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Reads and parses the file.
    public func fetch() async throws -> ExchangeRates {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RateSourceError(description: "\(url.path): cannot read the file")
        }
        return try RateDocument.rates(in: data)
    }
}

/// Rates fetched over HTTP(S) in either format, with URLSession (FoundationNetworking on Linux):
/// part of the toolchain, so the exchange layer adds no package and no build time; a request
/// fails after `timeout`.
public struct HTTPRateSource: RateSource {
    /// Why a fetch failed.
    public typealias FetchError = RateSourceError

    /// The document's address (the ECB's is
    /// `https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml`).
    public let url: URL
    /// How long a request may take.
    public let timeout: TimeInterval

    /// Creates a source fetching `url`.
    public init(url: URL, timeout: TimeInterval = 10) {
        self.url = url
        self.timeout = timeout
    }

    /// Fetches and parses the document; a status other than 200, or no answer within the
    /// timeout, is an error.
    public func fetch() async throws -> ExchangeRates {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // FoundationNetworking does not always honour the request's timeout for a server that
        // accepts and then stays silent, so the whole request races a timer.
        let timeout = self.timeout
        let url = self.url
        let prepared = request
        let (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
            group.addTask {
                do {
                    return try await URLSession.shared.data(for: prepared)
                } catch let error as URLError {
                    throw FetchError(description: "\(url): \(Self.reason(error))")
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                throw FetchError(description: "\(url): no answer within \(timeout) s")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw FetchError(description: "\(url): HTTP status \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        return try RateDocument.rates(in: data)
    }

    /// One line a person can act on, from URLSession's error: the message FoundationNetworking
    /// gives (it names the host or port), without the NSError dump around it, and what to check.
    static func reason(_ error: URLError) -> String {
        let message = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? error.localizedDescription
        let advice: String
        switch error.code {
        case .cannotFindHost, .dnsLookupFailed: advice = "check the address and the network connection"
        case .cannotConnectToHost: advice = "the server refused the connection; check the address and port"
        case .notConnectedToInternet, .networkConnectionLost: advice = "check the network connection"
        case .timedOut: advice = "the server did not answer in time; try again later"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            advice = "the secure connection failed; check the address and the system's certificates"
        default: advice = "check the address and the network connection"
        }
        return "\(message) (\(advice))"
    }
}

extension RateSourceError: LocalizedError {
    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension RateDocument.FormatError: LocalizedError {
    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
