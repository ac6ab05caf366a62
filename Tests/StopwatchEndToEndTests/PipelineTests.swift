import Foundation
import Testing

/// `run` and `stamp` on the built binary.
@Suite struct PipelineTests {
    let stopwatch = StopwatchBinary()

    // MARK: run

    @Test(arguments: [("exit 0", Int32(0)), ("exit 1", 1), ("exit 7", 7), ("kill -TERM $$", 143), ("kill -KILL $$", 137)])
    func runExitsWithTheCommandsStatus(_ script: String, _ status: Int32) throws {
        let result = try stopwatch.run("run", "--", "sh", "-c", script)
        #expect(result.status == status, "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("sh -c '\(script)' took 0:0"))
    }

    @Test func runPassesTheStandardStreamsThrough() throws {
        let result = try stopwatch.run("run", "--format", "ms", "--", "sh", "-c", "echo out; echo err >&2")
        #expect(result.output == "out\n")
        let lines = result.error.split(separator: "\n")
        #expect(lines.first == "err")
        #expect(lines.count == 2 && Int(lines[1]) != nil)
    }

    @Test func aCommandNotFoundIs127AndOneThatCannotRun126() throws {
        let missing = try stopwatch.run("run", "build", "--", "no-such-command-here")
        #expect(missing.status == 127)
        #expect(missing.error == "stopwatch: no-such-command-here: command not found\n")
        #expect(stopwatch.stateFiles().isEmpty, "nothing recorded for a command that never ran")

        let plain = stopwatch.root + "/not-executable"
        FileManager.default.createFile(atPath: plain, contents: Data("echo hi\n".utf8))
        let refused = try stopwatch.run("run", "--", plain)
        #expect(refused.status == 126)
        #expect(refused.error == "stopwatch: \(plain): cannot run: Permission denied\n")
    }

    @Test func aNamedRunStartsTheStopwatchAndRecordsALap() throws {
        #expect(try stopwatch.run("run", "build", "--label", "compile", "--", "true").status == 0)
        #expect(try stopwatch.run("run", "build", "--", "sh", "-c", "exit 3").status == 3)
        let csv = try stopwatch.run("laps", "build", "--csv").output.split(separator: "\n")
        #expect(csv.count == 3)
        #expect(csv[1].hasPrefix("1,") && csv[1].contains(",compile,"))
        #expect(csv[2].hasPrefix("2,") && csv[2].contains(",sh -c 'exit 3',"))
        let status = try stopwatch.json(try stopwatch.run("status", "build", "--json").output)
        #expect(status["status"] as? String == "running", "started by the first run, running on")
    }

    @Test func aPausedStopwatchIsRefusedAndTheCommandNotRun() throws {
        try stopwatch.run("start", "build")
        try stopwatch.run("pause", "build")
        let marker = stopwatch.root + "/ran"
        let result = try stopwatch.run("run", "build", "--", "touch", marker)
        #expect(result.status == 1)
        #expect(result.error == "stopwatch: cannot record a run in 'build': it is paused; resume it first\n")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func signalsArePassedOnAndTheTimeIsStillPrinted() throws {
        for (signal, name) in [(SIGTERM, "TERM"), (SIGINT, "INT"), (SIGHUP, "HUP")] as [(Int32, String)] {
            let ready = stopwatch.root + "/ready-\(name)"
            let script = "trap 'echo got \(name); exit 3' \(name); touch \(ready); while :; do sleep 0.01; done"
            let process = try stopwatch.start(["run", "--", "sh", "-c", script])
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(5_000) }
            kill(process.processIdentifier, signal)
            let result = try stopwatch.finish(process)
            #expect(result.status == 3, "the command's trap ran and its status came back (\(name))")
            #expect(result.output == "got \(name)\n")
            #expect(result.error.contains(" took 0:0") && result.error.contains("(exit status 3)"))
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func controlCOnATerminalReachesTheCommandOnce() throws {
        // setsid -c makes the pseudo-terminal the controlling terminal, so ^C is the terminal's
        // SIGINT to the whole foreground group: stopwatch and the command.
        let terminal = try PseudoTerminal()
        let ready = stopwatch.root + "/ready"
        // After the first SIGINT it goes on for 0.3 s, time for a second one to show if sent.
        let script = "n=0; trap 'echo got INT; n=1' INT; touch \(ready); i=0; "
            + "while [ $i -lt 30 ]; do sleep 0.01; i=$((i+n)); done; exit 4"
        let process = try terminal.start(stopwatch, ["-w", "-c", StopwatchBinary.path, "run", "--", "sh", "-c", script], executable: "/usr/bin/setsid")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(5_000) }
        terminal.type("\u{3}")
        process.waitUntilExit()
        #expect(terminal.waitFor("took 0:0"))
        #expect(process.terminationStatus == 4)
        #expect(terminal.screen.components(separatedBy: "got INT\r\n").count == 2, "once, not passed on a second time")
    }

    // MARK: stamp

    /// Starts `stopwatch stamp ARGUMENTS` with pipes on all three streams.
    func startStamp(_ arguments: [String] = []) throws -> (Process, input: FileHandle, output: FileHandle, errors: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StopwatchBinary.path)
        process.arguments = ["stamp"] + arguments
        process.environment = stopwatch.environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
        return (process, input.fileHandleForWriting, output.fileHandleForReading, errors)
    }

    /// Reads from `handle` until `count` newlines have come, or 10 s pass.
    func readLines(_ count: Int, from handle: FileHandle) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while text.filter({ $0 == "\n" }).count < count, Date() < deadline {
            var request = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 50) > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }

    @Test func onSlowInputEachLineIsWrittenBeforeTheNextArrives() throws {
        let (process, input, output, _) = try startStamp(["--since", "previous", "--format", "us"])
        input.write(Data("first\n".utf8))
        let first = readLines(1, from: output)
        #expect(first == "0 first\n", "the line came out while the input stayed open")
        usleep(50_000)
        input.write(Data("second\n".utf8))
        let second = readLines(1, from: output)
        let parts = second.split(separator: " ")
        #expect(parts.count == 2 && parts[1] == "second\n")
        #expect((Int(parts[0]) ?? 0) >= 50_000, "at least the 50 ms the test waited, in microseconds")
        input.closeFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func bytesPassThroughUnchanged() throws {
        var data = Data("plain\n".utf8)
        data += Data([0x00, 0x41, 0xFF, 0xFE, 0xC3, 0x28, 0x0A])  // NUL and invalid UTF-8
        data += Data(repeating: UInt8(ascii: "x"), count: 300_000) + Data("\n".utf8)  // longer than any buffer
        data += Data("\r\n".utf8) + Data("\n".utf8)  // a CR, an empty line
        data += Data("no newline at the end".utf8)
        let input = stopwatch.root + "/binary.in"
        FileManager.default.createFile(atPath: input, contents: data)
        let output = try stampFile(input, ["--format", "us"])
        // Each line is "DIGITS " + the line: take the prefixes off and compare the bytes.
        var rebuilt = Data()
        var lines = 0
        for line in output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) where !line.isEmpty {
            lines += 1
            let space = try #require(line.firstIndex(of: UInt8(ascii: " ")))
            #expect(line[line.startIndex..<space].allSatisfy { (0x30...0x39).contains($0) })
            rebuilt += line[(space + 1)...] + Data("\n".utf8)
        }
        rebuilt.removeLast()  // the last line had no newline
        #expect(lines == 6)
        #expect(rebuilt == data)
    }

    /// Runs `stopwatch stamp` with a file as its input and returns everything it wrote.
    func stampFile(_ path: String, _ arguments: [String] = []) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StopwatchBinary.path)
        process.arguments = ["stamp"] + arguments
        process.environment = stopwatch.environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return data
    }

    @Test func aMillionLinesInOrder() throws {
        let path = stopwatch.root + "/million.in"
        let text = (1...1_000_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let output = try stampFile(path)
        let lines = output.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 1_000_000)
        var inOrder = true
        for (index, line) in lines.enumerated() where !line.reversed().starts(with: " \(index + 1)".utf8.reversed()) {
            inOrder = false
            break
        }
        #expect(inOrder, "every line, once, in order")
        #expect(lines.first.map { String(decoding: $0, as: UTF8.self) } == "00:00.000000 line 1")
    }

    @Test func aClosedStdoutEndsItQuietlyWithZero() throws {
        let (process, input, output, errors) = try startStamp()
        input.write(Data("one\n".utf8))
        #expect(readLines(1, from: output).hasSuffix(" one\n"))
        output.closeFile()
        // Keep writing until stamp notices the reader is gone and leaves.
        let deadline = Date().addingTimeInterval(10)
        signal(SIGPIPE, SIG_IGN)
        while process.isRunning, Date() < deadline {
            input.write(Data("more\n".utf8))
            usleep(2_000)
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test func summaryGoesToStandardError() throws {
        let (process, input, output, errors) = try startStamp(["--summary"])
        input.write(Data("a\nb\nc\n".utf8))
        input.closeFile()
        let text = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.split(separator: "\n").count == 3)
        let summary = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(summary.hasPrefix("stamp: 3 lines in 00:0"))
        #expect(summary.contains("; between lines: min 00:00.0"))
    }
}
