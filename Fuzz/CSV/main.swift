// libFuzzer target: fxparse's CSV input. Arbitrary bytes (invalid UTF-8 and malformed CSV
// included) are read as a corpus table; when they form one, every record is parsed as
// `fxparse parse` does. Properties: every record comes out, in order; the CSV written reads
// back to the same header and records.
import Foundation
import FuzzSupport
import MoneyKit
import MoneyKitCorpus

func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let table = try? CorpusTable(data: bytes, name: "fuzz") else { return 0 }
    guard let result = try? CorpusParse(table: table, locale: "en_US", currency: nil, options: .init()) else { return 0 }
    guard result.records.count == table.records.count else {
        violated("every record comes out", "\(table.records.count) records in, \(result.records.count) out")
    }
    for (index, record) in result.records.enumerated() {
        let input = table.records[index][table.column("input")!]
        guard record[table.column("input")!] == input else { violated("records stay in order", "record \(index)") }
    }
    let written = result.csv()
    guard let reread = try? CorpusTable(data: written, name: "written") else {
        violated("the written CSV reads back", String(decoding: written, as: UTF8.self))
    }
    guard reread.header == result.header, reread.records == result.records else {
        violated("the written CSV reads back unchanged", "written: \(String(reflecting: String(decoding: written, as: UTF8.self)))\n"
                 + "read: \(reread.header) \(reread.records)\nexpected: \(result.header) \(result.records)")
    }
    return 0
}

runFuzzer { data, size in fuzzCSV(data!, size) }
