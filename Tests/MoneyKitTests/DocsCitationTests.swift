import Foundation
import MoneyKitCorpus
import TestSupport
import Testing

/// Comments cite the repository's own contract, Docs/ParsingRules.md, by section (`§4`,
/// `Docs/ParsingRules.md §7`): every cited section must exist on the page, so that a reader
/// can follow each citation, and no comment may cite the behaviour contract outside the
/// repository by its numbers.
@Suite struct DocsCitationTests {
    static let root = TestData.directory.deletingLastPathComponent()

    /// The section numbers the page has: `1`, `4b`, `7` from headings `## 1.`, `## 4b.`.
    static func sections() throws -> Set<String> {
        let page = try String(contentsOf: root.appendingPathComponent("Docs/ParsingRules.md"), encoding: .utf8)
        return Set(page.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: #/^## (\d+[a-z]?)\. /#) else { return nil }
            return String(match.output.1)
        })
    }

    /// Every source, test, benchmark and fuzzing file, with its text.
    static func codeFiles() -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests", "Benchmarks", "Fuzz"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["swift", "c", "h", "sh", "tsv"].contains(url.pathExtension) {
                if let text = try? String(contentsOf: url, encoding: .utf8) {
                    files.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), text))
                }
            }
        }
        return files
    }

    @Test("Every section a comment cites exists in Docs/ParsingRules.md")
    func citedSectionsExist() throws {
        let sections = try Self.sections()
        #expect(sections.isSuperset(of: ["1", "2", "3", "4", "4b", "5", "6", "7"]), "\(sections.sorted())")
        var citations = 0
        var missing: [String] = []
        for (path, text) in Self.codeFiles() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: /§(\d+[a-z]?)/) {
                    citations += 1
                    let section = String(match.output.1)
                    if !sections.contains(section) { missing.append("\(path):\(number + 1) cites §\(section)") }
                }
            }
        }
        #expect(citations >= 50, "only \(citations) citations found")
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("No comment cites the behaviour contract outside the repository")
    func noOutsideCitations() {
        let outside = Self.codeFiles().filter { $0.text.contains(/SPEC( section)? ?\d|shared\/SPEC/) }.map(\.path)
        #expect(outside.isEmpty, "\(outside)")
    }
}
