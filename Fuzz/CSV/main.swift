// libFuzzer target: fxparse's CSV reading and writing. Arbitrary bytes (invalid UTF-8 and
// malformed CSV included) are read by CSVTokenizer, in blocks of a size the first byte
// chooses and with a small field limit (64 bytes) so that the recovery from unclosed quotes
// and long fields runs often; the records are parsed and written as `fxparse parse` does.
// Properties: reading in blocks gives the records of reading at once; every record comes
// out once, in order (bad ones with their problem in `error`); what is written reads back
// as well-formed records of the output header's width; a well-formed record's fields are
// written unchanged; the JSON Lines output is one JSON object per record.
import Foundation
import FuzzSupport
import MoneyKit
import MoneyKitCorpus

func read(_ bytes: UnsafeBufferPointer<UInt8>, blockSize: Int, maxFieldSize: Int) -> CSVRecordBatch {
    var tokenizer = CSVTokenizer(maxFieldSize: maxFieldSize)
    var batch = CSVRecordBatch()
    var start = 0
    repeat {
        let end = min(start + blockSize, bytes.count)
        tokenizer.feed(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: &batch)
        start = end
    } while start < bytes.count
    tokenizer.finish(into: &batch)
    return batch
}

func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let blockSize = Int(data[0] % 17) + 1
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let whole = read(bytes, blockSize: max(bytes.count, 1), maxFieldSize: 64)
    let pieces = read(bytes, blockSize: blockSize, maxFieldSize: 64)
    guard whole == pieces else {
        violated("reading in blocks of \(blockSize) gives the same records", "\(whole.records)\n\(pieces.records)")
    }
    guard whole.count > 1, whole.records[0].problem == nil else { return 0 }
    let header = whole.fields(ofRecord: 0)
    guard let layout = try? ParseLayout(header: header, hasDefaultLocale: true) else { return 0 }
    var parser = RowParser(layout: layout, locale: "en_US", currency: nil, options: .init(), policy: .error)
    let result = parser.parse(whole, from: 1)
    guard result.counts.read == whole.count - 1,
          result.counts.read == result.counts.parsed + result.counts.failed + result.counts.bad else {
        violated("every record is counted once", "\(result.counts) for \(whole.count - 1) records")
    }
    let written = result.output.withUnsafeBufferPointer { read($0, blockSize: max(result.output.count, 1), maxFieldSize: 1 << 20) }
    guard written.count == whole.count - 1 else {
        violated("every record comes out once", "\(whole.count - 1) records in, \(written.count) out: "
                 + String(reflecting: String(decoding: result.output, as: UTF8.self)))
    }
    let errorColumn = layout.outputHeader.firstIndex(of: "error")!
    for index in 0..<written.count {
        guard written.records[index].problem == nil, written.fieldCount(ofRecord: index) == layout.outputHeader.count else {
            violated("the output reads back well formed", "record \(index): \(written.records[index]) "
                     + String(reflecting: String(decoding: result.output, as: UTF8.self)))
        }
        let out = written.fields(ofRecord: index)
        let isBad = CSVProblem.allCases.contains { $0.name == out[errorColumn] }
        if !isBad {
            let original = whole.fields(ofRecord: index + 1)
            let computed: Set<String> = ["amount", "code", "error", "error_offset", "error_message"]
            for (column, field) in original.enumerated() where !computed.contains(layout.outputHeader[column]) {
                guard out[column] == field else {
                    violated("a well-formed record's fields are written unchanged", "record \(index) column \(column): \(original) -> \(out)")
                }
            }
        }
    }
    var jsonParser = RowParser(layout: layout, locale: "en_US", currency: nil, options: .init(), policy: .error, format: .jsonl)
    let lines = jsonParser.parse(whole, from: 1).output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    guard lines.count == whole.count - 1 else {
        violated("every record comes out once as JSON", "\(whole.count - 1) records in, \(lines.count) lines out")
    }
    for line in lines {
        guard (try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any] else {
            violated("each JSON line is an object", String(reflecting: String(decoding: line, as: UTF8.self)))
        }
    }
    return 0
}

runFuzzer { data, size in fuzzCSV(data!, size) }
