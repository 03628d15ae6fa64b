/// What is wrong with a malformed CSV record (a "bad row"), as opposed to a well-formed
/// record whose amount does not parse. Docs/Streaming.md describes each and what
/// `fxparse parse --on-bad-row` does with it.
public enum CSVProblem: Sendable, Hashable, CaseIterable {
    /// A quoted field is never closed: the input ends inside it, it outgrows the field limit,
    /// or its closing quote comes lines later with text right after it. It would swallow the
    /// lines after it, so the record ends at the end of the line where the quote opened and
    /// reading resumes on the next line.
    case unterminatedQuote
    /// Text follows a closing quote inside the same field (`"12"34`).
    case strayQuote
    /// A field is longer than the reader's limit (1 MiB unless set otherwise); its text is
    /// dropped, so that memory stays bounded.
    case fieldTooLong
    /// The record holds a NUL byte (U+0000), which no text export contains on purpose
    /// (`fxparse parse` writes it as U+FFFD).
    case nulByte
    /// The record's bytes are not valid UTF-8; the invalid sequences read as U+FFFD.
    case invalidUTF8
    /// The record has more or fewer fields than the header.
    case raggedRow

    /// The stable name written in the `error` column and in reports.
    public var name: String {
        switch self {
        case .unterminatedQuote: "unterminatedQuote"
        case .strayQuote: "strayQuote"
        case .fieldTooLong: "fieldTooLong"
        case .nulByte: "nulByte"
        case .invalidUTF8: "invalidUTF8"
        case .raggedRow: "raggedRow"
        }
    }

    /// A sentence for people.
    public var summary: String {
        switch self {
        case .unterminatedQuote: "a quoted field is never closed (the record ends with its first line)"
        case .strayQuote: "text after a closing quote"
        case .fieldTooLong: "a field is longer than the limit"
        case .nulByte: "a NUL byte"
        case .invalidUTF8: "invalid UTF-8"
        case .raggedRow: "a different number of fields than the header"
        }
    }
}

/// A malformed record, for the report: where it is and what is wrong.
public struct BadRow: Sendable, Equatable, CustomStringConvertible {
    /// The line where the record starts (1-based, the header is line 1).
    public let line: Int
    /// The line where it ends.
    public let lastLine: Int
    /// What is wrong.
    public let problem: CSVProblem
    /// How many fields it has, and how many the header has.
    public let fieldCount: Int
    public let expectedFieldCount: Int

    public var description: String {
        let lines = lastLine > line ? "lines \(line)-\(lastLine)" : "line \(line)"
        let detail = problem == .raggedRow
            ? " (\(fieldCount) field\(fieldCount == 1 ? "" : "s"), the header has \(expectedFieldCount))" : ""
        return "\(lines): \(problem.name): \(problem.summary)\(detail)"
    }
}
