import Foundation
import MoneyKitCorpus
import TestSupport
import Testing

/// Runs the built `fxparse` binary, as a user would.
@Suite struct FXParseTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fxparse")
    }

    /// Runs fxparse with `arguments`; `environment` changes the inherited environment (a nil
    /// value removes the variable).
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String?] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            var inherited = ProcessInfo.processInfo.environment
            for (name, value) in environment { inherited[name] = value }
            process.environment = inherited
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                   errors: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFile(_ contents: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fxparse-\(UUID().uuidString).csv")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func editDemoTypesKeysFromAPipe() throws {
        let run = try Self.run(["edit", "--locale", "de_DE", "--currency", "EUR"], input: "1234,56\n←←⌫\n⌦⌦7\n")
        #expect(run.status == 0)
        #expect(run.output == "1.234,56|\u{A0}€    1234.56 EUR\n123.4|56\u{A0}€    123456 EUR\n12.347|\u{A0}€    12347 EUR\n")
        let calculator = try Self.run(["edit", "--calculator"], input: "12345\n⌫\n")
        #expect(calculator.output == "$123.45|    123.45 USD\n$12.34|    12.34 USD\n")
        #expect(try Self.run(["edit", "--currency", "XYZ"], input: "").status != 0)
    }

    @Test func parseConvertsWithRatesAndWarnsWhenStale() throws {
        let rates = TestData.directory.appendingPathComponent("exchange/eurofxref-daily.xml").path
        let input = try Self.temporaryFile("input,locale\n$100,en_US\n¥1000,ja_JP\n100 KWD,en_US\ngarbage,en_US\n")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fxparse-cache-\(UUID().uuidString).json").path
        let run = try Self.run(["parse", input, "--to", "EUR", "--rates", rates, "--cache", cache])
        #expect(run.status == 0)
        // A row without a rate still parsed: the conversions are counted on their own.
        #expect(run.errors.hasPrefix("fxparse: 4 rows read: 3 parsed, 1 failed, 0 bad; 2 converted, 1 without a rate ("), "\(run.errors)")
        #expect(run.output == #"""
            input,locale,amount,code,error,error_offset,error_message,converted_amount,converted_code,rate,rate_date
            $100,en_US,100,USD,,,,95.03,EUR,0.9502993443,2026-11-20
            ¥1000,ja_JP,1000,JPY,,,,6.14,EUR,0.0061398662,2026-11-20
            100 KWD,en_US,100,KWD,missingRate,,No exchange rate for KWD on 2026-11-20.,,,,
            garbage,en_US,,,unexpectedCharacter,0,"""garbage"" at offset 0 has no place in an amount: remove it, or check it is a currency symbol or code the parser knows.",,,,

            """#)
        // The source is gone and the cache is older than --max-age: stale rates, with a warning.
        let stale = try Self.run(["parse", input, "--to", "EUR", "--rates", "/nonexistent/rates.xml", "--cache", cache, "--max-age", "0m"])
        #expect(stale.status == 0)
        #expect(stale.output == run.output)
        #expect(stale.errors.hasPrefix("fxparse: warning: using stale exchange rates for 2026-11-20, fetched "))
        // No cache and no source: the run fails.
        let failed = try Self.run(["parse", input, "--to", "EUR", "--rates", "/nonexistent/rates.xml"])
        #expect(failed.status == 2)
        #expect(try Self.run(["parse", input, "--to", "EUR"]).status != 0)
    }

    @Test func checkPassesOnTheRulesCorpus() throws {
        let path = TestData.directory.appendingPathComponent("rules.csv").path
        let rows = try CorpusTable(contentsOf: path).records.count
        let run = try Self.run(["check", path])
        #expect(rows > 100)
        #expect(run.status == 0)
        #expect(run.output == "\(rows) passed, 0 failed\n", "\(run.output)")
    }

    @Test func checkReportsFailingRowsAndExitsOne() throws {
        let path = try Self.temporaryFile("""
            id,input,locale,expect,amount,code
            good,"1.234,56 €",de_DE,ok,1234.56,EUR
            bad,"12 34 €",de_DE,ok,1234,EUR
            """)
        let run = try Self.run(["check", path])
        #expect(run.status == 1)
        #expect(run.output.contains("FAIL \(path):2 bad: \"12 34 €\" [de_DE]"))
        #expect(run.output.contains("expected 1234 EUR, got error invalidGrouping at 2"))
        #expect(run.output.contains("    12 34 €\n      ^"))
        #expect(run.output.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func checkUsesDefaultLocaleAndCurrency() throws {
        let path = try Self.temporaryFile("input,expect,amount,code\n$5,ok,5,CAD\n")
        let run = try Self.run(["check", path, "--locale", "en_US", "--currency", "CAD"])
        #expect(run.status == 0)
        #expect(run.output == "1 passed, 0 failed\n")
    }

    @Test func unusableInputExitsTwo() throws {
        let missing = try Self.run(["check", "/nonexistent/corpus.csv"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("/nonexistent/corpus.csv: cannot read the file"))
        let noInput = try Self.run(["check", try Self.temporaryFile("text,expect\n5,ok\n")])
        #expect(noInput.status == 2)
        #expect(noInput.errors.contains("no \"input\" column"))
        let badCurrency = try Self.run(["parse", "--currency", "XYZ", "--locale", "en_US"])
        #expect(badCurrency.status != 0)
    }

    @Test func unknownLocalesExit64WithTheNearestKnownOne() throws {
        for command in [["parse"], ["check", try Self.temporaryFile("input,expect\n$20,ok\n")], ["edit"]] {
            let run = try Self.run(command + ["--locale", "en_UK"], input: "input\n$20\n")
            #expect(run.status == 64)
            #expect(run.errors.contains("--locale: The locale \"en_UK\" is not one ICU knows; did you mean en_GB?"),
                    "\(run.errors)")
        }
    }

    @Test func versionIsTheChangelogsNewest() throws {
        let run = try Self.run(["--version"])
        #expect(run.status == 0)
        let changelog = try String(contentsOf: TestData.directory.deletingLastPathComponent().appendingPathComponent("CHANGELOG.md"),
                                   encoding: .utf8)
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(newest.hasPrefix("## \(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) "), "\(newest) vs \(run.output)")
    }

    @Test func outputDashIsStandardOutput() throws {
        let run = try Self.run(["parse", "-", "--locale", "en_US", "-o", "-"], input: "input\n12.50\n")
        #expect(run.status == 0)
        #expect(run.output == "input,amount,code,error,error_offset,error_message\n12.50,12.5,USD,,,\n")
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test func parseKeepsEveryRowInOrder() throws {
        let csv = "id,input,locale,extra\n1,\"1.234,56 €\",de_DE,a\n2,garbage,de_DE,b\n3,,de_DE,c\n4,\" 5 $ \",en_US,\"x,y\"\n5,5,,d\n"
        let run = try Self.run(["parse", "-"], input: csv)
        #expect(run.status == 0)
        #expect(run.output == #"""
            id,input,locale,extra,amount,code,error,error_offset,error_message
            1,"1.234,56 €",de_DE,a,1234.56,EUR,,,
            2,garbage,de_DE,b,,,unexpectedCharacter,0,"""garbage"" at offset 0 has no place in an amount: remove it, or check it is a currency symbol or code the parser knows."
            3,,de_DE,c,,,empty,,The text is empty: type an amount such as 12.50.
            4," 5 $ ",en_US,"x,y",5,USD,,,
            5,5,,d,,,missingLocale,,The row has no locale and no default locale was given (--locale).

            """#)
    }

    @Test func parseWritesJSONLinesWithTheSameColumns() throws {
        let run = try Self.run(["parse", "-", "--format", "jsonl"],
                               input: "input,locale\n\"1.234,56 €\",de_DE\n\"12,34,5 €\",de_DE\n\"a \"\"quote\"\"\",en_US\n")
        #expect(run.status == 0)
        #expect(run.output == #"""
            {"input":"1.234,56 €","locale":"de_DE","amount":"1234.56","code":"EUR","error":null,"error_offset":null,"error_message":null}
            {"input":"12,34,5 €","locale":"de_DE","amount":null,"code":null,"error":"invalidGrouping","error_offset":5,"error_message":"The digit groups around \",\" at offset 5 do not match the locale's grouping or groups of three; check the separators."}
            {"input":"a \"quote\"","locale":"en_US","amount":null,"code":null,"error":"unexpectedCharacter","error_offset":0,"error_message":"\"a\" at offset 0 has no place in an amount: remove it, or check it is a currency symbol or code the parser knows."}

            """#, "\(run.output)")
        // Every line is a JSON object Foundation reads, with the header's keys.
        for line in run.output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["input", "locale", "amount", "code", "error", "error_offset", "error_message"])
        }
    }

    @Test func checkWritesEveryRowAsCSVOrJSONLines() throws {
        let path = try Self.temporaryFile("""
            id,input,locale,expect,amount,code
            good,"1.234,56 €",de_DE,ok,1234.56,EUR
            bad,"12 34 €",de_DE,ok,1234,EUR
            """)
        let jsonl = try Self.run(["check", path, "--format", "jsonl"])
        #expect(jsonl.status == 1)
        #expect(jsonl.output == #"""
            {"source":"\#(path)","row":1,"id":"good","input":"1.234,56 €","locale":"de_DE","currency":null,"passed":true,"expected":"1234.56 EUR","got":"1234.56 EUR","error":null,"error_offset":null,"error_message":null}
            {"source":"\#(path)","row":2,"id":"bad","input":"12 34 €","locale":"de_DE","currency":null,"passed":false,"expected":"1234 EUR","got":"error invalidGrouping at 2","error":"invalidGrouping","error_offset":2,"error_message":"The digit groups around \" \" at offset 2 do not match the locale's grouping or groups of three; check the separators."}

            """#, "\(jsonl.output)")
        #expect(jsonl.errors == "1 passed, 1 failed\n")
        let csv = try Self.run(["check", path, "--format", "csv"])
        #expect(csv.status == 1)
        #expect(csv.output == """
            source,row,id,input,locale,currency,passed,expected,got,error,error_offset,error_message
            \(path),1,good,"1.234,56 €",de_DE,,true,1234.56 EUR,1234.56 EUR,,,
            \(path),2,bad,12 34 €,de_DE,,false,1234 EUR,error invalidGrouping at 2,invalidGrouping,2,"The digit groups around "" "" at offset 2 do not match the locale's grouping or groups of three; check the separators."

            """, "\(csv.output)")
    }

    /// A source that cannot be reached is one line naming it, what happened and what to do,
    /// not Foundation's NSError dump.
    @Test func unreachableRatesAreOneLine() throws {
        let input = try Self.temporaryFile("input,locale\n$1,en_US\n")
        let run = try Self.run(["parse", input, "--to", "EUR", "--rates", "http://127.0.0.1:1/rates.xml"])
        #expect(run.status == 2)
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        #expect(run.errors.hasPrefix("fxparse: cannot read exchange rates: http://127.0.0.1:1/rates.xml: "), "\(run.errors)")
        #expect(run.errors.contains("(the server refused the connection; check the address and port)"), "\(run.errors)")
        #expect(run.errors.hasSuffix("; --cache FILE keeps the last good rates for when the source cannot be reached\n"))
        #expect(!run.errors.contains("Domain="), "\(run.errors)")
    }

    /// Help names no repository path (a user of the binary has none) and states a default once.
    @Test(arguments: [["--help"], ["parse", "--help"], ["check", "--help"], ["edit", "--help"]])
    func helpStatesDefaultsOnceAndNoRepositoryPaths(_ arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 0)
        for path in ["TestData/", "Docs/", "Sources/", "Scripts/", ".md"] {
            #expect(!run.output.contains(path), "\(arguments): \(path)")
        }
        // Each option's text (its lines up to the next option) says "default" at most once.
        let options = run.output.components(separatedBy: "\n  -")
        for option in options {
            #expect(option.components(separatedBy: "default").count <= 2, "\(arguments): \(option)")
        }
        #expect(!run.output.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"),
                "a default that depends on the machine is described, not printed")
    }

    @Test func parseWritesToAFileWithDefaults() throws {
        let input = try Self.temporaryFile("input\n12.50\n(3.00)\n")
        let output = input + ".out.csv"
        let run = try Self.run(["parse", input, "--locale", "en_US", "--currency", "USD", "-o", output])
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "input,amount,code,error,error_offset,error_message\n12.50,12.5,USD,,,\n(3.00),-3,USD,,,\n")
    }

    /// fxparse keeps MoneyKit's derived tables in the user's cache directory unless
    /// `MONEYKIT_TABLE_CACHE` is set (empty: off), and its output is the same either way.
    @Test func parseKeepsDerivedTablesInTheUserCacheDirectory() throws {
        let input = try Self.temporaryFile("input,locale\n12 Millionen Euro,de_DE\n\"1 234,56 €\",fr_FR\n5 рублей,ru_RU\n")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("fxparse-cache-home-\(UUID().uuidString)")
        let tables = home.appendingPathComponent("moneykit/tables").path
        let expected = "input,locale,amount,code,error,error_offset,error_message\n12 Millionen Euro,de_DE,12000000,EUR,,,\n"
            + "\"1 234,56 €\",fr_FR,1234.56,EUR,,,\n5 рублей,ru_RU,5,RUB,,,\n"
        let off = try Self.run(["parse", input], environment: ["XDG_CACHE_HOME": home.path, "MONEYKIT_TABLE_CACHE": ""])
        #expect(off.output == expected)
        #expect(!FileManager.default.fileExists(atPath: tables))
        let writing = try Self.run(["parse", input], environment: ["XDG_CACHE_HOME": home.path, "MONEYKIT_TABLE_CACHE": nil])
        #expect(writing.output == expected)
        let written = try FileManager.default.contentsOfDirectory(atPath: tables).filter { $0.hasSuffix(".table") }
        #expect(written.contains { $0.hasPrefix("global-") }, "\(written)")
        #expect(written.contains { $0.hasPrefix("currency-names-") }, "\(written)")
        let reading = try Self.run(["parse", input], environment: ["XDG_CACHE_HOME": home.path, "MONEYKIT_TABLE_CACHE": nil])
        #expect(reading.output == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tables).filter { $0.hasSuffix(".table") }.sorted() == written.sorted())
    }

    /// `fxparse extract`: one row per amount, a range as two rows with one rank and match,
    /// UTF-8 byte offsets in the line; JSON lines; invalid UTF-8 reported with its line.
    @Test func extractWritesEveryAmountOfEveryLine() throws {
        let input = "3 Ausgaben für nur 14,85 EUR statt 19,90 EUR\nkein Geld\nGehalt 55–65k € brutto\n"
        let run = try Self.run(["extract", "--locale", "de_DE"], input: input)
        #expect(run.status == 0)
        #expect(run.output == """
            line,rank,match,start,end,amount,code
            1,1,"14,85 EUR",20,29,14.85,EUR
            1,2,"19,90 EUR",36,45,19.9,EUR
            3,1,55–65k €,7,19,55000,EUR
            3,1,55–65k €,7,19,65000,EUR

            """)
        #expect(run.errors.contains("3 lines read: 3 amounts found"))
        let json = try Self.run(["extract", "--locale", "en_US", "--format", "jsonl"], input: "was $30, now $19.99")
        #expect(json.output == """
            {"line":1,"rank":2,"match":"$30","start":4,"end":7,"amount":"30","code":"USD"}
            {"line":1,"rank":1,"match":"$19.99","start":13,"end":19,"amount":"19.99","code":"USD"}

            """)
        var bytes = Array("$5\n".utf8) + [0x24, 0x36, 0x20, 0xFF] + Array("\n$7\n".utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fxparse-\(UUID().uuidString).txt").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        bytes.removeAll()
        let bad = try Self.run(["extract", path, "--locale", "en_US"])
        #expect(bad.errors.contains("\(path): line 2: invalidUTF8: invalid UTF-8"))
        #expect(bad.output == "line,rank,match,start,end,amount,code\n1,1,$5,0,2,5,USD\n2,1,$6,0,2,6,USD\n3,1,$7,0,2,7,USD\n")
    }

    @Test func parseReportsInvalidUTF8WithoutLosingRows() throws {
        var bytes = Array("input,locale\n5 €,de_DE\n".utf8)
        bytes += [0x35, 0xFF] + Array(",de_DE\n".utf8)  // "5\xFF"
        bytes += Array("6 €,de_DE\n".utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fxparse-\(UUID().uuidString).csv").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let run = try Self.run(["parse", path])
        #expect(run.status == 0)
        #expect(run.errors.contains("\(path): line 3: invalidUTF8: invalid UTF-8\n"))
        #expect(run.output == "input,locale,amount,code,error,error_offset,error_message\n5 €,de_DE,5,EUR,,,\n"
                + "5\u{FFFD},de_DE,,,invalidUTF8,,Malformed CSV record: invalid UTF-8.\n6 €,de_DE,6,EUR,,,\n")
    }

    /// `fxparse parse` writes every field it does not fill (all but amount, code, error) back
    /// unchanged, whatever it contains: quotes followed by combining marks (rel-114, rel-115),
    /// bidi marks, commas, line breaks, in every TestData corpus.
    @Test(arguments: TestData.corpusFiles.map(\.lastPathComponent))
    func parseKeepsEveryFieldOfTheCorpus(_ file: String) throws {
        let path = TestData.directory.appendingPathComponent(file).path
        let table = try CorpusTable(contentsOf: path)
        let run = try Self.run(["parse", path, "--locale", "en_US"])
        #expect(run.status == 0, "\(run.errors)")
        let written = try CorpusTable(data: Data(run.output.utf8), name: "output")
        #expect(Array(written.header.prefix(table.header.count)) == table.header)
        #expect(written.records.count == table.records.count)
        let kept = table.header.indices.filter { !["amount", "code", "error"].contains(table.header[$0]) }
        #expect(kept.contains { table.header[$0] == "input" })
        for (index, (original, output)) in zip(table.records, written.records).enumerated() {
            // A record with a NUL (garbage.csv tests that the parser rejects it) is a bad row for
            // `parse`: written with the NUL as U+FFFD and the problem in `error`.
            let expected = original.contains { $0.contains("\0") }
                ? original.map { $0.replacingOccurrences(of: "\0", with: "\u{FFFD}") } : original
            #expect(kept.map { expected.indices.contains($0) ? expected[$0] : "" } == kept.map { output[$0] }, "\(file) record \(index + 1)")
        }
    }
}
