// Writes the fuzz targets' seed corpora from the TestData corpora (run by Fuzz/run.sh).
//   fuzz-seeds OUTPUT_DIRECTORY FILE.csv ...
// parse, shortcut and extract: `locale|hint|input` for every row that names a locale (read as
// fxparse reads corpora), and for extract also `locale||text` for every line of an extraction
// corpus (a table with a `text` column: TestData/extraction/extract.csv); csv: a block-size byte, then each file in chunks of 25 lines under its header; roundtrip: a few byte
// patterns (locale, currency, style, scale, digits); arithmetic and editing: a few byte patterns.
import Foundation
import MoneyKitCorpus

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: fuzz-seeds OUTPUT_DIRECTORY FILE.csv ...\n".utf8))
    exit(2)
}
let manager = FileManager.default
for directory in ["parse", "shortcut", "extract", "csv", "roundtrip", "arithmetic", "editing"] {
    try manager.createDirectory(atPath: "\(output)/\(directory)", withIntermediateDirectories: true)
}
func write(_ bytes: some Sequence<UInt8>, _ directory: String, _ index: Int) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: "\(output)/\(directory)/seed-\(index)"))
}
var parseSeeds = 0
var csvSeeds = 0
for path in arguments.dropFirst() {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if let header = lines.first {
        for start in stride(from: 1, to: lines.count, by: 25) {
            let chunk = ([header] + lines[start..<min(start + 25, lines.count)]).joined(separator: "\n") + "\n"
            // fuzz-csv's first byte chooses the block size it reads in.
            try write([UInt8(csvSeeds % 17)] + Array(chunk.utf8), "csv", csvSeeds)
            csvSeeds += 1
        }
    }
    let table = try CorpusTable(contentsOf: path)
    if let textColumn = table.column("text"), let localeColumn = table.column("locale") {
        for record in table.records {
            try write("\(record[localeColumn])||\(record[textColumn])".utf8, "extract", parseSeeds)
            parseSeeds += 1
        }
        continue
    }
    for row in try CorpusCase.cases(in: table) {
        guard let locale = row.locale else { continue }
        try write("\(locale)|\(row.currency ?? "")|\(row.input)".utf8, "parse", parseSeeds)
        try write("\(locale)|\(row.currency ?? "")|\(row.input)".utf8, "shortcut", parseSeeds)
        try write("\(locale)|\(row.currency ?? "")|\(row.input)".utf8, "extract", parseSeeds)
        parseSeeds += 1
    }
}
let roundTripSeeds: [[UInt8]] = [[0, 1, 0, 1, 0, 2, 1, 2, 3, 4, 5], [1, 0, 0, 200, 0x81, 3, 9, 9, 9], [0, 7, 1, 30, 0x43, 0, 1, 0, 0, 0, 0]]
for (index, seed) in roundTripSeeds.enumerated() {
    try write(seed, "roundtrip", index)
}
// arithmetic: currency (2 bytes), unit, rule, sign, scale, parts (2 bytes), digit count, digits, ratios.
let arithmeticSeeds: [[UInt8]] = [
    [0, 0, 2, 0, 0, 10, 0, 2, 5, 2, 0, 0, 0, 0, 3, 1, 1, 0, 1, 2, 0],
    [0, 40, 0, 1, 1, 10, 0, 3, 5, 2, 0, 0, 0, 3, 0, 1, 0, 0, 2, 0],
    [1, 10, 1, 5, 0, 3, 3, 8, 4, 1, 2, 3, 4, 9, 9, 9, 0, 0, 0, 5, 0],
    [0, 99, 2, 4, 1, 46, 0, 0, 38] + Array(repeating: 9, count: 38),
]
for (index, seed) in arithmeticSeeds.enumerated() {
    try write(seed, "arithmetic", index)
}
// editing: a field byte, then edits of four bytes (move, start, length, piece).
let editingSeeds: [[UInt8]] = [
    [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 5, 0, 3, 0, 4, 0, 3, 1, 13],
    [1, 0, 0, 0, 15, 0, 10, 0, 6, 0, 12, 0, 4, 3, 7, 1, 13, 0, 0, 0, 16],
    [6, 0, 0, 0, 8, 0, 1, 0, 9, 0, 2, 0, 20, 0, 3, 0, 10, 1, 0, 1, 13],
    [11, 0, 0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 2, 0, 0, 1, 13, 0, 0, 0, 5],
]
for (index, seed) in editingSeeds.enumerated() {
    try write(seed, "editing", index)
}
print("seeds: \(parseSeeds) parse, \(csvSeeds) csv, \(roundTripSeeds.count) roundtrip, \(arithmeticSeeds.count) arithmetic, "
      + "\(editingSeeds.count) editing")
