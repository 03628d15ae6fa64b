import Foundation
import MoneyKitCorpus
import Testing

/// How a corpus row names itself in test output: file, row, id, input and locale.
extension CorpusCase: CustomTestStringConvertible {
    public var testDescription: String {
        "\(URL(fileURLWithPath: source).lastPathComponent):\(row) \(id) \(String(reflecting: input)) [\(locale ?? "-")]"
    }
}
