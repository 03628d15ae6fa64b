// What the first parse in a locale costs: loading the locale's profile from ICU.
import CAllocationCounter
import CMoneyKitICU
import Foundation
import MoneyKit

/// Cold-start figures.
struct ColdStart: Codable {
    /// The process's first parse (`en_US`, `$1.00`, read by the common shape).
    let firstUseMilliseconds: Double
    let firstUseHeapBytes: Int?
    /// Then the process's first parse the common shape does not read (`en_US`, `1 XAU`):
    /// what the process builds once for the general machine (the global marker tables), and
    /// en_US's marker tables and compact affixes. Measured on its own so that no locale's
    /// figures below carry the process's once-only costs.
    let firstGeneralParseMilliseconds: Double
    let firstGeneralParseHeapBytes: Int?
    /// Every other ICU locale, each timed from `MoneyParser(locale:)` through its first parse
    /// (`1`: the common shape where the locale has a region, which needs no marker tables).
    let times: LocaleTimes
    /// Heap in use after loading them all, minus before (glibc's mallinfo2), and per profile.
    let heapBytes: Int?
    /// The process's resident memory before MoneyKit's first use and after every locale
    /// (VmRSS of /proc/self/status; ICU's data is memory-mapped and counts once touched).
    let residentBytesBefore: Int?
    let residentBytesAfter: Int?
    var heapBytesPerProfile: Double? { heapBytes.map { Double($0) / Double(times.locales) } }
    /// Then, in every other locale, the first parse the common shape does not read (`1 XAU`):
    /// what builds the locale's marker tables and compact affixes.
    let general: GeneralPass

    struct GeneralPass: Codable {
        let times: LocaleTimes
        /// Heap the pass added (the marker tables and compact affixes), and per locale.
        let heapBytes: Int?
        var heapBytesPerLocale: Double? { heapBytes.map { Double($0) / Double(times.locales) } }
    }
}

/// One first parse per locale: how long they took.
struct LocaleTimes: Codable {
    let locales: Int
    let totalSeconds: Double
    let medianMilliseconds: Double
    let p90Milliseconds: Double
    let maxMilliseconds: Double
    let slowestLocale: String
    /// Locales whose first parse took under 1 ms.
    let under1ms: Int

    init(_ times: [(locale: String, milliseconds: Double)]) {
        let sorted = times.map(\.milliseconds).sorted()
        let slowest = times.max { $0.milliseconds < $1.milliseconds }
        locales = times.count
        totalSeconds = sorted.reduce(0, +) / 1e3
        medianMilliseconds = median(sorted)
        p90Milliseconds = sorted.isEmpty ? .nan : sorted[sorted.count * 9 / 10]
        maxMilliseconds = slowest?.milliseconds ?? .nan
        slowestLocale = slowest?.locale ?? ""
        under1ms = sorted.filter { $0 < 1 }.count
    }
}

/// The time of one first parse of `text` in each locale, in milliseconds.
private func firstParses(of text: String, in locales: [String]) -> [(locale: String, milliseconds: Double)] {
    locales.map { locale in
        let identifier = Locale(identifier: locale)
        let start = ContinuousClock.now
        _ = try? MoneyParser(locale: identifier).parse(text)
        return (locale, seconds(ContinuousClock.now - start) * 1e3)
    }
}

/// ICU's available locales, as the library sees them.
func icuLocales() -> [String] {
    (0..<mkicu_available_locale_count()).compactMap { index in
        var buffer = [CChar](repeating: 0, count: 160)
        let length = mkicu_available_locale(index, &buffer, Int32(buffer.count))
        return length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}

/// The process's resident set size, from /proc/self/status (nil where there is none).
func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kilobytes * 1024
}

func heapInUse() -> Int? {
    let bytes = mk_heap_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
}

/// Must run before anything else touches MoneyKit in the process. With `timesPath`, writes
/// each locale's time as `locale<TAB>milliseconds` lines there (en_US first).
func measureColdStart(timesPath: String? = nil) -> ColdStart {
    let resident0 = residentBytes()
    let heap0 = heapInUse()
    let start = ContinuousClock.now
    _ = try? MoneyParser(locale: Locale(identifier: "en_US")).parse("$1.00")
    let firstUse = seconds(ContinuousClock.now - start) * 1e3
    let heap1 = heapInUse()
    let firstGeneralParse = firstParses(of: "1 XAU", in: ["en_US"])[0].milliseconds
    let heap1General = heapInUse()

    let locales = icuLocales().filter { $0 != "en_US" }
    let times = firstParses(of: "1", in: locales)
    if let timesPath {
        let lines = [("en_US", firstUse)] + times
        let text = lines.map { "\($0.0)\t\($0.1)\n" }.joined()
        do { try text.write(toFile: timesPath, atomically: true, encoding: .utf8) } catch {
            fail("cannot write \(timesPath): \(error.localizedDescription)")
        }
    }
    let heap2 = heapInUse()
    let resident = residentBytes()

    let generalTimes = firstParses(of: "1 XAU", in: locales)
    let heap3 = heapInUse()
    let general = ColdStart.GeneralPass(times: LocaleTimes(generalTimes), heapBytes: heap2.flatMap { a in heap3.map { $0 - a } })
    return ColdStart(
        firstUseMilliseconds: firstUse, firstUseHeapBytes: heap0.flatMap { a in heap1.map { $0 - a } },
        firstGeneralParseMilliseconds: firstGeneralParse,
        firstGeneralParseHeapBytes: heap1.flatMap { a in heap1General.map { $0 - a } },
        times: LocaleTimes(times), heapBytes: heap1General.flatMap { a in heap2.map { $0 - a } },
        residentBytesBefore: resident0, residentBytesAfter: resident, general: general)
}
