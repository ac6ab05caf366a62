import Dispatch
import Glibc
import Synchronization

/// The live view's input: keys from a terminal, or command lines from a script, turned into what
/// the user asked for.
///
/// Keys: space starts, pauses or resumes; `l` laps; `r` resets; `q` quits. Lines: `start`,
/// `pause`, `resume`, `toggle`, `lap [LABEL]`, `reset`, `quit`. End of input is an event of its
/// own: the session decides whether it ends the view.
public final class TerminalInput: Sendable {
    public enum Event: Sendable, Hashable {
        case action(StopwatchAction)
        case quit
        /// No more input will come.
        case endOfInput
        /// A line that is not a command, quoted in the error the view shows.
        case unknown(String)
    }

    public enum Kind: Sendable {
        case keys
        case lines
    }

    private let descriptor: Int32
    private let kind: Kind
    private let pending = Mutex<[UInt8]>([])
    private let source = Mutex<DispatchSourceHolder?>(nil)
    private let stopped = Mutex(false)

    public init(descriptor: Int32 = STDIN_FILENO, kind: Kind) {
        self.descriptor = descriptor
        self.kind = kind
    }

    /// Reads on `queue` and calls `handler` for each event, then once with `.endOfInput`.
    public func start(on queue: DispatchQueue, handler: @escaping @Sendable (Event) -> Void) {
        guard Self.canBeWatched(descriptor) else { return readChunks(on: queue, handler: handler) }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        // Reads until nothing more is ready: the end of input may already be waiting behind the
        // data, and Dispatch does not report it again.
        source.setEventHandler { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            repeat {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { return }
                guard count > 0 else { return deliver(finish(), to: handler) }
                deliver(consume(buffer[..<count]), to: handler)
            } while !isStopped && isReadable()
        }
        self.source.withLock { $0 = DispatchSourceHolder(source) }
        source.resume()
    }

    /// Stops reading; no event is delivered after this, not even one read before it.
    public func stop() {
        stopped.withLock { $0 = true }
        source.withLock { $0 }?.source.cancel()
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func deliver(_ events: [Event], to handler: @Sendable (Event) -> Void) {
        for event in events {
            guard !isStopped else { return }
            if event == .quit || event == .endOfInput { stop() }
            handler(event)
        }
    }

    /// Reads a file (or `/dev/null`), which epoll cannot watch but which never blocks a read: one
    /// chunk at a time on `queue`, so ticks and signals are handled in between.
    private func readChunks(on queue: DispatchQueue, handler: @escaping @Sendable (Event) -> Void) {
        queue.async { [self] in
            guard !isStopped else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { return readChunks(on: queue, handler: handler) }
            guard count > 0 else { return deliver(finish(), to: handler) }
            deliver(consume(buffer[..<count]), to: handler)
            readChunks(on: queue, handler: handler)
        }
    }

    /// True for a terminal, a pipe or a socket: what epoll, and so Dispatch, can wait on.
    private static func canBeWatched(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || isatty(descriptor) == 1
    }

    /// True when a read would not block: data, or the end of input, is waiting.
    private func isReadable() -> Bool {
        Self.isReadable(descriptor)
    }

    /// True when a read of `descriptor` would return at once: data, or the end of input, is
    /// waiting. The one poll for it, the live views' and `stamp`'s.
    static func isReadable(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// The events in `bytes`, keeping an unfinished line for later.
    func consume(_ bytes: ArraySlice<UInt8>) -> [Event] {
        switch kind {
        case .keys:
            return bytes.compactMap(Self.key)
        case .lines:
            return pending.withLock { pending in
                pending.append(contentsOf: bytes)
                var events: [Event] = []
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    events += Self.line(String(decoding: pending[..<end], as: UTF8.self))
                    pending.removeSubrange(...end)
                }
                return events
            }
        }
    }

    /// The events left at end of input: a last line without a newline, then `.endOfInput`.
    func finish() -> [Event] {
        let rest = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        let last = rest.isEmpty ? [] : Self.line(String(decoding: rest, as: UTF8.self))
        return last + [.endOfInput]
    }

    public static func key(_ byte: UInt8) -> Event? {
        switch byte {
        case UInt8(ascii: " "): .action(.toggle)
        case UInt8(ascii: "l"), UInt8(ascii: "L"): .action(.lap(label: nil))
        case UInt8(ascii: "r"), UInt8(ascii: "R"): .action(.reset)
        case UInt8(ascii: "n"), UInt8(ascii: "N"): .action(.nextPhase)
        // `=` is `+` without shift on most keyboards.
        case UInt8(ascii: "+"), UInt8(ascii: "="): .action(.addTime(.seconds(10)))
        case UInt8(ascii: "-"), UInt8(ascii: "_"): .action(.addTime(.seconds(-10)))
        case UInt8(ascii: "k"), UInt8(ascii: "K"): .action(.decideAway(.keep))
        case UInt8(ascii: "d"), UInt8(ascii: "D"): .action(.decideAway(.drop))
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): .quit
        default: nil
        }
    }

    static func line(_ text: String) -> [Event] {
        func trim(_ text: Substring) -> String {
            String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        let trimmed = trim(text[...])
        guard !trimmed.isEmpty else { return [] }
        let parts = trimmed.split(separator: " ", maxSplits: 1)
        let argument = parts.count > 1 ? trim(parts[1]) : nil
        switch (parts[0], argument) {
        case ("start", nil): return [.action(.start)]
        case ("pause", nil): return [.action(.pause)]
        case ("resume", nil): return [.action(.resume)]
        case ("toggle", nil): return [.action(.toggle)]
        case ("reset", nil): return [.action(.reset)]
        case ("next", nil): return [.action(.nextPhase)]
        case ("keep", nil): return [.action(.decideAway(.keep))]
        case ("drop", nil): return [.action(.decideAway(.drop))]
        case ("quit", nil): return [.quit]
        case ("lap", let label): return [.action(.lap(label: label))]
        default: return [.unknown(trimmed)]
        }
    }
}
