import Foundation
import Testing

/// The live views in a real terminal that is resized: tmux, which cuts a line wider than its new
/// width where other terminals rewrap it.
@Suite struct ResizeTests {
    let stopwatch = StopwatchBinary()

    var environment: [String: String] {
        stopwatch.environment.merging(["TMUX_TMPDIR": stopwatch.root, "TERM": "xterm-256color", "SHELL": "/bin/sh"]) {
            $1
        }
    }

    /// Runs `tmux ARGUMENTS` as a client of the test's server; what it printed.
    @discardableResult
    func control(_ arguments: String...) -> String {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        client.arguments = ["-f", "/dev/null"] + arguments
        client.environment = environment
        let output = Pipe()
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        guard (try? client.run()) != nil else { return "" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        return text
    }

    /// The lines tmux shows in the pane, blank ones left out.
    func screen() -> [Substring] {
        control("capture-pane", "-p").split(separator: "\n")
    }

    @Test(arguments: [["watch", "--all"], ["watch", "tea"]])
    func theKeyLineSurvivesANarrowerWindowAndAWiderOneAgain(_ command: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            print("note: tmux is not installed; skipped (.ci/run installs it)")
            return
        }
        try stopwatch.run("start", "build")
        try stopwatch.run("timer", "10m", "tea")
        let terminal = try PseudoTerminal(columns: 80)
        let tmux = Process()
        tmux.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        tmux.arguments = [
            "-f", "/dev/null", "new-session", "exec '\(StopwatchBinary.path)' " + command.joined(separator: " "),
        ]
        tmux.environment = environment
        let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        (tmux.standardInput, tmux.standardOutput, tmux.standardError) = (handle, handle, handle)
        try tmux.run()
        defer {
            // The server waits for the pane, which outlives `kill-server` here: both are killed,
            // so no test leaves a process behind.
            let pids = control("display-message", "-p", "#{pid} #{pane_pid}").split(separator: " ").compactMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            control("kill-server")
            for pid in pids.reversed() { kill(pid, SIGKILL) }
            tmux.terminate()
            tmux.waitUntilExit()
        }
        let keys = "q: quit"
        #expect(waitUntil { screen().contains { $0.hasPrefix("tea") && $0.contains("%") } }, "\(screen())")
        #expect(screen().first?.contains(keys) == true, "\(screen())")
        control("resize-window", "-x", "40")
        #expect(
            waitUntil { screen().allSatisfy { $0.count <= 40 } && !screen().contains { $0.contains("%") } },
            "\(screen())")
        #expect(screen().first?.contains(keys) == true, "the key line stays, narrowed: \(screen())")
        control("resize-window", "-x", "80")
        #expect(waitUntil { screen().contains { $0.contains("%") } }, "\(screen())")
        let shown = screen()
        #expect(shown.first?.contains(keys) == true, "the key line is back: \(shown)")
        #expect(shown.filter { $0.contains("tea") }.count == 1, "one tea, no stale piece: \(shown)")
    }
}
