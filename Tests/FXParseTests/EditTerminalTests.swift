import CPseudoTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `fxparse edit` driven through a pseudo-terminal, as a person at a terminal drives it: raw
/// mode, bracketed paste, escape sequences, and the terminal restored however it ends.
@Suite(.serialized) struct EditTerminalTests {
    /// A child process whose standard input, output and error are a new pseudo-terminal.
    final class Session {
        let master: Int32
        let slave: Int32
        let process = Process()
        private(set) var output: [UInt8] = []

        init(_ arguments: [String]) throws {
            var (controller, terminal): (Int32, Int32) = (-1, -1)
            guard mk_test_open_pseudo_terminal(&controller, &terminal) == 0 else { throw POSIXError(.ENOTTY) }
            (master, slave) = (controller, terminal)
            let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.executableURL = FXParseTests.binary
            process.arguments = arguments
            (process.standardInput, process.standardOutput, process.standardError) = (handle, handle, handle)
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
            close(slave)
        }

        /// Reads what the child wrote until `text` appears (or 20 s pass).
        @discardableResult
        func read(until text: String) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if String(decoding: output, as: UTF8.self).contains(text) { return true }
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 200) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(master, &buffer, buffer.count)
                if count > 0 { output += buffer.prefix(count) } else { break }
            }
            return String(decoding: output, as: UTF8.self).contains(text)
        }

        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count) }
        }

        /// Waits for the child to end (at most 20 s: a hung child is killed and fails the test).
        @discardableResult
        func waitForExit() -> Int32? {
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            return process.terminationStatus
        }

        /// The terminal's local modes now (ICANON and ECHO are on in a fresh one).
        var localModes: tcflag_t {
            // On the heap, for the reason in fxparse's Terminal.saved.
            let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            defer { settings.deallocate() }
            settings.initialize(to: termios())
            tcgetattr(slave, settings)
            return settings.pointee.c_lflag
        }
    }

    @Test func aPasteIsOneEditNotKeystrokes() throws {
        let session = try Session(["edit", "--locale", "de_DE", "--currency", "EUR"])
        #expect(session.read(until: "Enter ends."))
        #expect(String(decoding: session.output, as: UTF8.self).contains("\u{1B}[?2004h"), "bracketed paste on")
        // Typed key by key, `1,234.56 EUR` would be 1,23 in a German field; pasted, it is read whole.
        session.type("\u{1B}[200~1,234.56 EUR\u{1B}[201~\r")
        #expect(session.read(until: "1234.56 EUR\r\n"))
        #expect(session.waitForExit() == 0)
        // What the child wrote last may still be on its way (slow under the sanitizers): read it.
        #expect(session.read(until: "\u{1B}[?2004l"), "bracketed paste off")
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "terminal restored")
    }

    @Test func unknownEscapeSequencesDoNotSwallowTheNextKey() throws {
        let session = try Session(["edit", "--locale", "en_US", "--currency", "USD"])
        #expect(session.read(until: "Enter ends."))
        // ↑ (ESC [ A), F5 (ESC [ 15 ~), a lone ESC before 5, ← then 9 typed before the last digit.
        session.type("1\u{1B}[A2\u{1B}[15~3\u{1B}5\u{1B}[D9\r")
        #expect(session.read(until: "12395 USD\r\n"), "\(String(decoding: session.output, as: UTF8.self))")
        #expect(session.waitForExit() == 0)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalRestoresTheTerminal(signalNumber: Int32) throws {
        let session = try Session(["edit", "--locale", "en_US", "--currency", "USD"])
        #expect(session.read(until: "Enter ends."))
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == 0, "raw mode while editing")
        kill(session.process.processIdentifier, signalNumber)
        #expect(session.waitForExit() == signalNumber, "ended by the signal")
        #expect(session.process.terminationReason == .uncaughtSignal)
        #expect(session.read(until: "\u{1B}[?2004l"), "bracketed paste off")
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "terminal restored")
    }
}
