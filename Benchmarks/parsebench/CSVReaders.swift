// parsebench --csv FILE: reading a CSV file with the CSV.swift package (what fxparse used
// before it streamed) against MoneyKitCorpus's CSVTokenizer, in one process, rounds
// interleaved, medians reported. fxparse replaced the package on this measurement
// (BENCHMARKS.md, "CSV reading").
import CSV
import Foundation
import MoneyKitCorpus

/// Times each reader over the file's bytes; prints records/s and the ratio.
func measureCSVReaders(path: String, rounds: Int) {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)

    // CSV.swift, reading a stream as fxparse would (records as arrays of strings).
    func package() -> (records: Int, fields: Int) {
        guard let reader = try? CSVReader(stream: InputStream(data: data), hasHeaderRow: true, trimFields: false) else {
            fail("CSV.swift cannot open \(path)")
        }
        var records = 0
        var fields = 0
        while let record = reader.next() {
            records += 1
            fields += record.count
        }
        return (records, fields)
    }

    // CSVTokenizer as fxparse runs it: 64 KiB reads, 8,192-record batches; `strings` also
    // builds a String per field, as the package does.
    func tokenizer(strings: Bool) -> (records: Int, fields: Int) {
        var tokenizer = CSVTokenizer()
        var batch = CSVRecordBatch()
        var records = -1  // the header is a record here
        var fields = 0
        var stringBytes = 0
        func drain(_ complete: CSVRecordBatch) {
            for index in 0..<complete.count {
                let count = complete.fieldCount(ofRecord: index)
                if strings {
                    for field in 0..<count {
                        let text = complete.withField(record: index, field: field) { String(decoding: $0, as: UTF8.self) }
                        stringBytes &+= text.utf8.count  // kept, so that the strings are built
                    }
                }
                fields += count
            }
            records += complete.count
        }
        var start = 0
        bytes.withUnsafeBufferPointer { all in
            while start < all.count {
                let end = min(start + (1 << 16), all.count)
                tokenizer.feed(UnsafeBufferPointer(rebasing: all[start..<end]), into: &batch)
                start = end
                if batch.count >= 8192 { drain(batch.takeCompleteRecords()) }
            }
        }
        tokenizer.finish(into: &batch)
        drain(batch.takeCompleteRecords())
        if stringBytes < 0 { print(stringBytes) }
        return (records, fields)
    }

    let readers: [(name: String, read: () -> (records: Int, fields: Int))] = [
        ("CSV.swift 2.5.2 (CSVReader, strings)", package),
        ("CSVTokenizer (byte ranges, as fxparse)", { tokenizer(strings: false) }),
        ("CSVTokenizer (and a String per field)", { tokenizer(strings: true) }),
    ]
    var times = Array(repeating: [Double](), count: readers.count)
    var counts = Array(repeating: (records: 0, fields: 0), count: readers.count)
    for _ in 0..<rounds {
        for (index, reader) in readers.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            counts[index] = reader.read()
            times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    print("CSV reading: \(path), \(bytes.count) bytes, \(rounds) rounds interleaved, median")
    print(pad("reader", 42) + pad("records", 10) + pad("seconds", 10) + pad("records/s", 12) + "vs CSV.swift")
    let base = median(times[0])
    for (index, reader) in readers.enumerated() {
        let seconds = median(times[index])
        print(pad(reader.name, 42) + pad(String(counts[index].records), 10) + pad(decimal(seconds, 3), 10)
              + pad(decimal(Double(counts[index].records) / seconds, 0), 12) + String(format: "%.1f×", base / seconds))
    }
}
