import Foundation
import Testing

/// `run` and `stamp` on the built binary.
@Suite struct PipelineTests {
    let stopwatch = StopwatchBinary()

    // MARK: run

    @Test(arguments: [
        ("exit 0", Int32(0)), ("exit 1", 1), ("exit 7", 7), ("kill -TERM $$", 143), ("kill -KILL $$", 137),
    ])
    func runExitsWithTheCommandsStatus(_ script: String, _ status: Int32) throws {
        let result = try stopwatch.run("run", "--", "sh", "-c", script)
        #expect(result.status == status, "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("sh -c '\(script)' took 00:0"), "the same time format as status")
    }

    @Test func runTakesItsCommandWithoutTheDoubleDash() throws {
        let result = try stopwatch.run("run", "--format", "ms", "sh", "-c", "echo $1 $2", "sh", "-x", "--json")
        #expect(result.status == 0)
        #expect(result.output == "-x --json\n", "everything from the command on is the command's")
        #expect(Int(result.error.dropLast()) != nil)
    }

    @Test func theTimeGoesToTheOutputFileInsteadOfStandardError() throws {
        let file = stopwatch.root + "/times.txt"
        _ = FileManager.default.createFile(atPath: file, contents: Data("old contents\n".utf8))
        let result = try stopwatch.run("run", "-o", file, "--format", "ms", "true")
        #expect(result.status == 0 && result.error.isEmpty)
        let written = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
        #expect(Int(written.dropLast()) != nil && written.hasSuffix("\n"), "replaced, as GNU time -o does: \(written)")
        let marker = stopwatch.root + "/ran"
        let unwritable = try stopwatch.run("run", "--output", stopwatch.root + "/no/such/dir/t", "touch", marker)
        #expect(unwritable.status == 125)
        #expect(
            unwritable.error
                == "stopwatch: cannot write the time to '\(stopwatch.root)/no/such/dir/t': No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: marker), "the command did not run")
    }

    @Test func aDashForTheOutputFileIsStandardOutput() throws {
        let result = try stopwatch.run(
            ["run", "-o", "-", "--format", "ms", "--", "sh", "-c", "echo out"], environment: nil)
        #expect(result.status == 0 && result.error.isEmpty)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == "out" && Int(lines[1]) != nil, "\(result.output)")
    }

    @Test(arguments: [
        ["run", "--bogus", "true"], ["run"], ["run", "--label", "x", "true"], ["run", "a/b", "--", "true"],
    ])
    func runsOwnUsageErrorsAre125(_ arguments: [String]) throws {
        let result = try stopwatch.run(arguments)
        #expect(result.status == 125, "\(result.error)")
        #expect(result.error.hasPrefix("stopwatch: ") && result.error.filter { $0 == "\n" }.count == 1)
    }

    @Test func aCommandLineInOneWordThatIsNotFoundHintsAtAShell() throws {
        let result = try stopwatch.run("run", "make -j4")
        #expect(result.status == 127)
        #expect(
            result.error
                == "stopwatch: make -j4: command not found; to run a shell command line: stopwatch run sh -c 'make -j4'\n"
        )
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
        #expect(try stopwatch.run("run", "no-such-command-here").status == 127)
        #expect(stopwatch.stateFiles().isEmpty, "nothing recorded for a command that never ran")

        let plain = stopwatch.root + "/not-executable"
        _ = FileManager.default.createFile(atPath: plain, contents: Data("echo hi\n".utf8))
        let refused = try stopwatch.run("run", "--", plain)
        #expect(refused.status == 126)
        #expect(refused.error == "stopwatch: \(plain): cannot run: Permission denied\n")
    }

    @Test func aNamedRunRecordsTheCommandsOwnTimeNotTheIdleTimeBefore() throws {
        #expect(try stopwatch.run("run", "ci", "--label", "first", "--", "true").status == 0)
        usleep(400_000)
        let invoked = ContinuousClock.now
        let result = try stopwatch.run("run", "ci", "--label", "second", "--json", "--", "sh", "-c", "sleep 0.1")
        let whole = invoked.duration(to: .now)
        #expect(result.status == 0)
        let document = try stopwatch.json(result.error)
        let ran = try #require(document["elapsedMicroseconds"] as? Int)
        let lap = try #require((document["stopwatch"] as? [String: Any])?["lap"] as? [String: Any])
        #expect(lap["lapMicroseconds"] as? Int == ran, "the lap is the figure run printed")
        #expect(ran >= 100_000, "never less than the command took, however loaded the machine")
        #expect(ran <= Int(whole.wholeMicroseconds), "within the run's own process, so not the 0.4 s idle before it")
        #expect(lap["label"] as? String == "second")
        let total = try #require(lap["totalMicroseconds"] as? Int)
        #expect(total >= 500_000, "the stopwatch's total runs from the first run, idle time included")
    }

    @Test func overlappingRunsIntoOneStopwatchEachRecordTheirOwnTime() throws {
        try stopwatch.run("start", "ci")
        // The long run lasts until the test releases it through a FIFO, after the short run: no
        // fixed time, however slow the machine.
        let marker = stopwatch.root + "/long-started"
        let release = stopwatch.root + "/release"
        #expect(mkfifo(release, 0o600) == 0)
        let long = try stopwatch.start([
            "run", "ci", "--label", "long", "--", "sh", "-c", "touch \"$0\"; read line <\"$1\"", marker, release,
        ])
        #expect(waitUntil { FileManager.default.fileExists(atPath: marker) })
        let invoked = ContinuousClock.now
        #expect(try stopwatch.run("run", "ci", "--label", "short", "--", "sleep", "0.1").status == 0)
        let whole = Int(invoked.duration(to: .now).wholeMicroseconds)
        let writer = open(release, O_WRONLY)
        #expect(writer >= 0 && write(writer, "go\n", 3) == 3)
        close(writer)
        let held = Int(invoked.duration(to: .now).wholeMicroseconds)
        #expect(try stopwatch.finish(long).status == 0)
        let laps = try #require(
            try stopwatch.json(try stopwatch.run("laps", "ci", "--json").output)["laps"] as? [[String: Any]])
        let times = Dictionary(
            uniqueKeysWithValues: laps.compactMap { lap in
                (lap["label"] as? String).map { ($0, lap["lapMicroseconds"] as? Int ?? 0) }
            })
        #expect((100_000...whole).contains(times["short"] ?? 0), "the short run's own time")
        #expect(
            (times["long"] ?? 0) >= held, "the long run spans the short one: not charged only from the short one's lap")
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
        #expect(result.status == 125, "run's own failure, apart from any status of the command")
        #expect(result.error.hasPrefix("stopwatch: cannot record a run in 'build': it is paused (00:0"))
        #expect(result.error.hasSuffix("); 'stopwatch resume build' goes on\n"))
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
            #expect(result.error.contains(" took 00:0") && result.error.contains("(exit status 3)"))
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func controlCOnATerminalReachesTheCommandOnce() throws {
        // setsid -c makes the pseudo-terminal the controlling terminal, so ^C is the terminal's
        // SIGINT to the whole foreground group: stopwatch and the command.
        let terminal = try PseudoTerminal()
        let ready = stopwatch.root + "/ready"
        // After the first SIGINT it goes on for 0.3 s, time for a second one to show if sent.
        let script =
            "n=0; trap 'echo got INT; n=1' INT; touch \(ready); i=0; "
            + "while [ $i -lt 30 ]; do sleep 0.01; i=$((i+n)); done; exit 4"
        let process = try terminal.start(
            stopwatch, ["-w", "-c", StopwatchBinary.path, "run", "--", "sh", "-c", script],
            executable: "/usr/bin/setsid")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(5_000) }
        terminal.type("\u{3}")
        process.waitUntilExit()
        #expect(terminal.waitFor("took 00:0"))
        #expect(process.terminationStatus == 4)
        #expect(terminal.screen.components(separatedBy: "got INT\r\n").count == 2, "once, not passed on a second time")
    }

    // MARK: stamp

    /// Starts `stopwatch stamp ARGUMENTS` with pipes on all three streams.
    func startStamp(_ arguments: [String] = []) throws -> (Process, input: FileHandle, output: FileHandle, errors: Pipe)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StopwatchBinary.path)
        process.arguments = ["stamp"] + arguments
        process.environment = stopwatch.environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
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

    @Test(arguments: [
        ("clock", #"^\d\d:\d\d:\d\d\.\d{6} one\n$"#), ("iso", #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+02:00 one\n$"#),
    ])
    func wallClockPrefixesAreTheLocalTimeTheLineArrived(_ format: String, _ pattern: String) throws {
        var environment = stopwatch.environment
        environment["TZ"] = "XYZ-2"  // two hours ahead of UTC, all year
        let now = Date().timeIntervalSince1970
        let result = try stopwatch.run(
            ["-c", #"printf 'one\n' | "$0" stamp --format "$1""#, StopwatchBinary.path, format],
            environment: environment, executable: "/bin/sh"
        )
        #expect(result.status == 0 && result.error.isEmpty)
        #expect(result.output.contains(try Regex(pattern)), "\(result.output)")
        // The local time of day, two hours ahead of UTC, within seconds of now.
        let text = format == "clock" ? result.output : String(result.output.dropFirst(11))
        let parts = text.prefix(8).split(separator: ":").compactMap { Int($0) }
        let shown = parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : -1
        let expected = Int((now + 7200).truncatingRemainder(dividingBy: 86_400))
        #expect(
            abs(shown - expected) < 5 || abs(shown - expected) > 86_395, "\(text) against \(expected) s into the day")
    }

    @Test func bytesPassThroughUnchanged() throws {
        var data = Data("plain\n".utf8)
        data += Data([0x00, 0x41, 0xFF, 0xFE, 0xC3, 0x28, 0x0A])  // NUL and invalid UTF-8
        data += Data(repeating: UInt8(ascii: "x"), count: 300_000) + Data("\n".utf8)  // longer than any buffer
        data += Data("\r\n".utf8) + Data("\n".utf8)  // a CR, an empty line
        data += Data("no newline at the end".utf8)
        let input = stopwatch.root + "/binary.in"
        _ = FileManager.default.createFile(atPath: input, contents: data)
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
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
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
        // Until stamp is gone: the write that meets its closed end fails with EPIPE (SIGPIPE is
        // ignored), which ends the loop instead of trapping as `write(_:)` would.
        let deadline = Date().addingTimeInterval(10)
        signal(SIGPIPE, SIG_IGN)
        while Date() < deadline, (try? input.write(contentsOf: Data("more\n".utf8))) != nil {}
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
