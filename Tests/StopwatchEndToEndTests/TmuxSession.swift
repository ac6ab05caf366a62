import Foundation

/// A tmux server of a test's own (its sockets under the test's root, `TMUX_TMPDIR`), its first
/// client attached to a pseudo-terminal, running `command` in its one pane; `control` runs more
/// clients of it. `stop()` ends both the server and the pane.
final class TmuxSession {
    /// What the attached client drew.
    let terminal: PseudoTerminal
    private let environment: [String: String]
    private let server: Process

    /// Starts it with `configuration` (a file, `/dev/null` for none) in a terminal `columns` wide.
    init(root: String, environment: [String: String], configuration: String, command: String, columns: Int) throws {
        terminal = try PseudoTerminal(columns: columns)
        self.environment = environment.merging(
            ["TERM": "xterm-256color", "TMUX_TMPDIR": root, "SHELL": "/bin/sh"]
        ) { $1 }
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        server.arguments = ["-f", configuration, "new-session", command]
        server.environment = self.environment
        let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        (server.standardInput, server.standardOutput, server.standardError) = (handle, handle, handle)
        try server.run()
    }

    /// Runs `tmux ARGUMENTS` as a client of this server; what it printed.
    @discardableResult
    func control(_ arguments: String...) -> String {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        client.arguments = arguments
        client.environment = environment
        let output = Pipe()
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        guard (try? client.run()) != nil else { return "" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        return text
    }

    /// Ends it: the server waits for its pane, which outlives `kill-server` here, so both are
    /// killed and no test leaves a process behind.
    func stop() {
        let pids = control("display-message", "-p", "#{pid} #{pane_pid}").split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        control("kill-server")
        for pid in pids.reversed() { kill(pid, SIGKILL) }
        server.terminate()
        server.waitUntilExit()
    }
}
