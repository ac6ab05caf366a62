import Foundation
import Testing

/// `stopwatch watch` in a pseudo-terminal and with piped input.
@Suite struct WatchTests {
    let stopwatch = StopwatchBinary()

    static func same(_ a: termios, _ b: termios) -> Bool {
        a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
    }

    @Test func keysDriveTheStopwatchAndTheTerminalIsGivenBack() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.settings
        let process = try terminal.start(stopwatch, ["watch", "live"])
        #expect(terminal.waitFor("live: initial 00:00.00"))
        #expect(terminal.settings.c_lflag & tcflag_t(ECHO) == 0, "no echo while watching")
        #expect(terminal.settings.c_lflag & tcflag_t(ICANON) == 0, "keys arrive one at a time")
        terminal.type(" ")
        #expect(terminal.waitFor("live: running "))
        terminal.type("l")
        #expect(terminal.waitFor("live: lap 1 "))
        terminal.type(" ")
        #expect(terminal.waitFor("live: paused "))
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        terminal.waitFor("\u{1B}[?25h")
        #expect(
            terminal.screen.hasSuffix("\n\u{1B}[?25h") || terminal.screen.hasSuffix("\r\n\u{1B}[?25h"),
            "the cursor is shown again")
        #expect(Self.same(terminal.settings, before), "termios restored")
        #expect(!terminal.screen.contains("\u{1B}[3"), "no colours without two laps")

        let status = try stopwatch.json(try stopwatch.run("status", "live", "--json").output)
        #expect(status["status"] as? String == "paused")
        #expect(status["lapCount"] as? Int == 1)
    }

    @Test func aKeyThatDoesNotApplyShowsAHintInTheLineAndNothingInTheScrollback() throws {
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["watch", "hint"])
        #expect(terminal.waitFor("hint: initial 00:00.00"))
        terminal.type("l")
        #expect(terminal.waitFor("hint: initial 00:00.00  (not started: space starts it)"))
        terminal.type(" ")
        #expect(terminal.waitFor("hint: running "))
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!terminal.screen.contains("stopwatch:"), "no message line")
    }

    @Test func rAsksForASecondRBeforeItClearsTheLaps() throws {
        try stopwatch.run("start", "twice")
        try stopwatch.run("lap", "twice")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["watch", "twice"])
        #expect(terminal.waitFor("twice: running "))
        terminal.type("r")
        #expect(terminal.waitFor("(press r again to reset)"))
        #expect(try stopwatch.json(try stopwatch.run("status", "twice", "--json").output)["lapCount"] as? Int == 1)
        let shown = terminal.screen.count
        terminal.type("r")
        #expect(terminal.waitFor("twice: initial 00:00.00", after: shown))
        terminal.type("q")
        process.waitUntilExit()
        #expect(try stopwatch.json(try stopwatch.run("status", "twice", "--json").output)["lapCount"] as? Int == 0)
    }

    @Test func lapsDrawsBarsOnATerminalOnly() throws {
        try stopwatch.run("start", "bars")
        try stopwatch.run("lap", "bars")
        try stopwatch.run("lap", "bars")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["laps", "bars"])
        process.waitUntilExit()
        #expect(terminal.waitFor("\u{2588}  "), "a bar on the terminal")
        #expect(!(try stopwatch.run("laps", "bars").output.contains("\u{2588}")), "none into a pipe")
    }

    @Test func watchAllFollowsOtherProcessesAndQuitsOnQ() throws {
        try stopwatch.run("start", "build")
        let terminal = try PseudoTerminal()
        let before = terminal.settings
        let process = try terminal.start(stopwatch, ["watch", "--all"])
        #expect(terminal.waitFor("build  running"))
        let shown = terminal.screen.count
        // An hour, so the row is seen running however slow the machine; then cut to half a second.
        try stopwatch.run("timer", "1h", "tea")
        #expect(terminal.waitFor("tea    running", after: shown), "a row appears")
        try stopwatch.run("timer", "tea", "--add", "-59m59.5s")
        #expect(terminal.waitFor("tea    expired", after: shown), "and is marked at zero")
        try stopwatch.run("lap", "build")
        #expect(terminal.waitFor("     1\u{1B}[K", after: shown), "a lap counts in the LAPS column")
        let deleted = terminal.screen.count
        try stopwatch.run("delete", "tea")
        #expect(terminal.waitFor("\u{1B}[J", after: deleted), "the row goes, and what was below it")
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Self.same(terminal.settings, before))
        #expect(terminal.screen.contains("\u{7}"), "the bell at zero")
    }

    @Test func controlCExits130AndRestoresTheTerminal() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.settings
        try stopwatch.run("start", "live")
        let process = try terminal.start(stopwatch, ["watch", "live"])
        #expect(terminal.waitFor("live: running "))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(Self.same(terminal.settings, before))
    }

    @Test func sigtermAndSighupEndItToo() throws {
        for (signal, status) in [(SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)] {
            let terminal = try PseudoTerminal()
            let before = terminal.settings
            let process = try terminal.start(stopwatch, ["watch"])
            #expect(terminal.waitFor("default: initial"))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationStatus == status)
            #expect(Self.same(terminal.settings, before))
        }
    }

    @Test func controlZGivesTheTerminalBackAndContinueTakesItAgain() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.settings
        let process = try terminal.start(stopwatch, ["watch", "job"])
        #expect(terminal.waitFor("job: initial"))
        kill(process.processIdentifier, SIGTSTP)
        #expect(Self.waitUntilStopped(process.processIdentifier))
        #expect(Self.same(terminal.settings, before), "the terminal is given back while stopped")
        let shown = terminal.screen.count
        kill(process.processIdentifier, SIGCONT)
        #expect(
            terminal.waitFor("\u{1B}[?25l\r\u{1B}[J\rjob: initial", after: shown),
            "cursor hidden and the line drawn anew")
        #expect(terminal.settings.c_lflag & tcflag_t(ECHO) == 0, "raw mode again")
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Self.same(terminal.settings, before))
    }

    @Test func aNarrowerWindowClearsTheScreenAndFitsTheLineToTheWidth() throws {
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["watch", "a-rather-long-stopwatch-name"])
        #expect(terminal.waitFor("a-rather-long-stopwatch-name: initial 00:00.00"))
        let shown = terminal.screen.count
        var size = winsize(ws_row: 24, ws_col: 20, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(terminal.master, UInt(TIOCSWINSZ), &size) == 0)
        kill(process.processIdentifier, SIGWINCH)
        // 46 columns at 20 were rewrapped or cut, which the view cannot tell: the screen cleared,
        // the keys that fit in whole, and the line with the name left out.
        #expect(
            terminal.waitFor(
                "\u{1B}[H\u{1B}[2J" + "l: lap   q: quit\u{1B}[K\r\n\rinitial 00:00.00\u{1B}[K", after: shown))
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test(arguments: [80, 40, 20])
    func bothViewsFitTheWindowWithWholeParts(columns: Int) throws {
        try stopwatch.run("start", "build")
        try stopwatch.run("timer", "10m", "tea")
        for (arguments, shows) in [
            (["watch", "tea"], "left"), (["watch", "build"], ".0"),
            (["watch", "--all"], columns < 30 ? "tea " : "left"),
        ] {
            let terminal = try PseudoTerminal(columns: columns)
            let process = try terminal.start(stopwatch, arguments)
            #expect(terminal.waitFor(shows), "\(arguments)")
            terminal.type("q")
            process.waitUntilExit()
            terminal.waitFor("\u{1B}[?25h")
            // What the view drew; the note after it (a countdown goes on) is a message, wrapped as any.
            let runs = terminal.writtenRuns(upTo: "\u{1B}[?25h")
            #expect(
                runs.allSatisfy { $0.count <= columns },
                "\(arguments) at \(columns): \(runs.filter { $0.count > columns })")
            let countdownTimes = runs.filter { $0.contains("10:00.") || $0.contains("09:5") }
            // The table keeps its names whole first: its countdown's word goes in a narrow window.
            #expect(
                countdownTimes.allSatisfy { $0.contains("left") } || (arguments == ["watch", "--all"] && columns < 30),
                "a countdown's time keeps its 'left': \(countdownTimes)"
            )
            #expect(arguments.last == "build" || !countdownTimes.isEmpty)
        }
    }

    @Test func theKeyLineComesBackWhenTheWindowGrows() throws {
        let terminal = try PseudoTerminal(columns: 20)
        let process = try terminal.start(stopwatch, ["watch", "grow"])
        #expect(terminal.waitFor("grow: 00:00.00"), "the status word goes first")
        #expect(!terminal.screen.contains("space: start/pause/resume"), "too wide for 20 columns")
        let shown = terminal.screen.count
        #expect(terminal.resize(columns: 80))
        kill(process.processIdentifier, SIGWINCH)
        #expect(terminal.waitFor("space: start/pause/resume   l: lap   r: reset   q: quit\u{1B}[K", after: shown))
        #expect(terminal.waitFor("grow: initial 00:00.00", after: shown), "and the name is back in the line")
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Waits up to 10 s for the process to be stopped (state T in /proc/PID/stat).
    static func waitUntilStopped(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "T" { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func pipedCommandsAndOutputAreOneLineEach() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StopwatchBinary.path)
        process.arguments = ["watch", "script"]
        process.environment = stopwatch.environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
        input.fileHandleForWriting.write(
            Data("start\nlap one\nnonsense\u{1B}[2J\nlap a\tb\npause\npause\nreset\n".utf8))
        input.fileHandleForWriting.closeFile()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "end of input quits")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.first == "script: initial 00:00.00")
        #expect(lines[1].hasPrefix("script: running "))
        #expect(lines[2].hasPrefix("script: lap 1 ") && lines[2].hasSuffix(" one"))
        #expect(lines[3].hasPrefix("script: paused "))
        #expect(lines[4] == "script: initial 00:00.00")
        #expect(lines[5] == "script: quit 00:00.00")
        #expect(!text.contains("\u{1B}"), "no escape codes into a pipe")
        let notes = messages.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(notes.count == 4 && notes[3].isEmpty)
        #expect(
            notes[0]
                == #"stopwatch: unknown command 'nonsense\u{1B}[2J' (use start, pause, resume, toggle, lap [LABEL], reset or quit)"#
        )
        #expect(
            notes[1]
                == #"stopwatch: invalid label 'a\tb': it contains a control character such as a newline, tab or escape"#
        )
        #expect(notes[2].hasPrefix("stopwatch: cannot pause 'script': it is already paused (00:0"))
    }

    @Test func aChangeFromAnotherProcessShowsUp() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StopwatchBinary.path)
        process.arguments = ["watch", "shared"]
        process.environment = stopwatch.environment
        let input = Pipe()
        let output = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, FileHandle.nullDevice)
        try process.run()
        let reader = output.fileHandleForReading
        var text = ""
        func waitFor(_ expected: String) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while !text.contains(expected), Date() < deadline {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text.contains(expected)
        }
        #expect(waitFor("shared: initial 00:00.00\n"))
        #expect(try stopwatch.run("start", "shared").status == 0)
        #expect(waitFor("shared: running "), "the other process's start reaches the live view")
        #expect(try stopwatch.run("lap", "shared", "--label", "remote").status == 0)
        #expect(waitFor(" remote\n"))
        input.fileHandleForWriting.write(Data("quit\n".utf8))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
