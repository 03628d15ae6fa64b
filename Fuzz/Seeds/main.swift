// Writes the fuzz targets' seed corpora from the TestData corpora (run by Fuzz/run.sh).
//   fuzz-seeds OUTPUT_DIRECTORY FILE.csv ...
// parse: `locale|hint|input` for every row that names a locale (read as fxparse reads
// corpora); csv: each file in chunks of 25 lines under its header; roundtrip: a few byte
// patterns (locale, currency, style, scale, digits).
import Foundation
import MoneyKitCorpus

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: fuzz-seeds OUTPUT_DIRECTORY FILE.csv ...\n".utf8))
    exit(2)
}
let manager = FileManager.default
for directory in ["parse", "csv", "roundtrip"] {
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
            try write(chunk.utf8, "csv", csvSeeds)
            csvSeeds += 1
        }
    }
    for row in try CorpusCase.cases(in: CorpusTable(contentsOf: path)) {
        guard let locale = row.locale else { continue }
        try write("\(locale)|\(row.currency ?? "")|\(row.input)".utf8, "parse", parseSeeds)
        parseSeeds += 1
    }
}
let roundTripSeeds: [[UInt8]] = [[0, 1, 0, 1, 0, 2, 1, 2, 3, 4, 5], [1, 0, 0, 200, 0x81, 3, 9, 9, 9], [0, 7, 1, 30, 0x43, 0, 1, 0, 0, 0, 0]]
for (index, seed) in roundTripSeeds.enumerated() {
    try write(seed, "roundtrip", index)
}
print("seeds: \(parseSeeds) parse, \(csvSeeds) csv, \(roundTripSeeds.count) roundtrip")
