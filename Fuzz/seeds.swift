// Writes the fuzz targets' seed corpora from the TestData corpora (run by Fuzz/run.sh with
// the Swift interpreter: no dependency beyond the toolchain).
//   swift Fuzz/seeds.swift OUTPUT_DIRECTORY TestData/*.csv
import Foundation

/// RFC 4180 records of a CSV text.
func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var scalars = Array(text.unicodeScalars)[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    var index = scalars.startIndex
    while index < scalars.endIndex {
        let scalar = scalars[index]
        index += 1
        if quoted {
            if scalar == "\"" {
                if index < scalars.endIndex, scalars[index] == "\"" {
                    field.unicodeScalars.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
            continue
        }
        switch scalar {
        case "\"": quoted = true
        case ",": record.append(field); field = ""
        case "\r": continue
        case "\n": record.append(field); records.append(record); record = []; field = ""
        default: field.unicodeScalars.append(scalar)
        }
    }
    if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
    return records
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: swift Fuzz/seeds.swift OUTPUT_DIRECTORY FILE.csv ...\n".utf8))
    exit(2)
}
let manager = FileManager.default
for directory in ["parse", "csv", "roundtrip"] {
    try manager.createDirectory(atPath: "\(output)/\(directory)", withIntermediateDirectories: true)
}
var parseSeeds = 0
var csvSeeds = 0
for path in arguments.dropFirst() {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // CSV seeds: the file in chunks of 25 lines under its header.
    if let header = lines.first {
        var start = 1
        while start < lines.count {
            let chunk = ([header] + lines[start..<min(start + 25, lines.count)]).joined(separator: "\n") + "\n"
            try Data(chunk.utf8).write(to: URL(fileURLWithPath: "\(output)/csv/seed-\(csvSeeds)"))
            csvSeeds += 1
            start += 25
        }
    }
    // Parse seeds: locale|hint|input for every row that names a locale.
    let rows = records(text)
    guard let header = rows.first, let input = header.firstIndex(of: "input"),
          let locale = header.firstIndex(of: "locale") else { continue }
    let hint = header.firstIndex(of: "currency")
    for row in rows.dropFirst() where row.count == header.count && !row[locale].isEmpty {
        let seed = "\(row[locale])|\(hint.map { row[$0] } ?? "")|\(row[input])"
        try Data(seed.utf8).write(to: URL(fileURLWithPath: "\(output)/parse/seed-\(parseSeeds)"))
        parseSeeds += 1
    }
}
// Round-trip seeds: a few byte patterns (locale, currency, style, scale, digits).
for (index, seed) in [[0, 1, 0, 1, 0, 2, 1, 2, 3, 4, 5], [1, 0, 0, 200, 0x81, 3, 9, 9, 9], [0, 7, 1, 30, 0x43, 0, 1, 0, 0, 0, 0]].enumerated() {
    try Data(seed.map(UInt8.init)).write(to: URL(fileURLWithPath: "\(output)/roundtrip/seed-\(index)"))
}
print("seeds: \(parseSeeds) parse, \(csvSeeds) csv, 3 roundtrip")
