import Foundation

/// A pseudo-terminal whose slave side is the child's stdin, stdout and stderr.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private(set) var screen = ""

    init(columns: Int = 80) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
        (self.master, self.slave) = (master, slave)
    }

    deinit {
        close(master)
        close(slave)
    }

    var settings: termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Sets the window's size, as a terminal emulator does when its window is resized; the
    /// caller sends SIGWINCH.
    func resize(columns: Int, rows: Int = 24) -> Bool {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        return ioctl(master, UInt(TIOCSWINSZ), &size) == 0
    }

    /// The runs of text the child wrote from the start of a line up to the last `end`, escape
    /// sequences taken out:
    /// each one must fit the window, or the terminal wrapped it.
    func writtenRuns(upTo end: String) -> [String] {
        var runs: [String] = []
        var run = ""
        let shown = screen.range(of: end, options: .backwards).map { screen[..<$0.upperBound] } ?? screen[...]
        var iterator = shown.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case "\u{1B}":
                switch iterator.next() {
                case "[": while let next = iterator.next(), !(next.properties.isAlphabetic || next == "@") {}
                case "]": while let next = iterator.next(), next != "\u{7}" {}
                default: break
                }
            case "\r", "\n":
                runs.append(run)
                run = ""
            case "\u{7}": break
            default: run.unicodeScalars.append(scalar)
            }
        }
        return runs + [run]
    }

    func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// Reads what the child writes until `text` appears (after the first `offset` characters)
    /// or 10 s pass; true if it appeared.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !screen.dropFirst(offset).contains(text), Date() < deadline {
            var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            if count > 0 { screen += String(decoding: buffer[..<count], as: UTF8.self) }
        }
        return screen.dropFirst(offset).contains(text)
    }

    /// Starts `stopwatch ARGUMENTS` (or `executable` with them) with this terminal as its stdin,
    /// stdout and stderr, `TERM=xterm` unless `environment` says otherwise.
    func start(
        _ stopwatch: StopwatchBinary, _ arguments: [String], executable: String? = nil,
        environment overrides: [String: String] = [:]
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? StopwatchBinary.path)
        process.arguments = arguments
        var environment = stopwatch.environment
        environment["TERM"] = "xterm"
        environment.merge(overrides) { $1 }
        process.environment = environment
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }
}
