import Glibc
import StopwatchCore

/// Runs `stopwatch stamp`: copies standard input to standard output, each line prefixed with its
/// time: elapsed on the boot clock, or (`--format clock`, `iso`) when it arrived on the wall clock.
///
/// Input is read in blocks and scanned for newlines; bytes are copied as they are, so long lines,
/// NUL, invalid UTF-8 and a last line without a newline pass unchanged. A line's time is when the
/// read that brought its first byte returned: the clock is read once a block, and lines that came
/// in one block arrived together. Output collects in a buffer that is written when the next read
/// would block (so a slow stream's line goes out at once), when it is large, and at the end.
public struct StampSession {
    /// Its raw value is the word `--since` takes.
    public enum Since: String, Sendable, Hashable, CaseIterable {
        case start
        case previous
    }

    let since: Since
    let prefix: StampPrefix
    let summary: Bool
    let timeSource: any TimeSource
    let messages: any TextOutput
    private let input = STDIN_FILENO
    private let output = STDOUT_FILENO

    static let blockSize = 1 << 16

    func run() -> ExitCode {
        // A reader that goes away (`stamp | head -1`) ends the copy quietly, as for other filters.
        signal(SIGPIPE, SIG_IGN)
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        var pending: [UInt8] = []
        pending.reserveCapacity(2 * Self.blockSize)
        var atLineStart = true
        var first: Duration?
        var previous: Duration?
        var lines = 0
        var gaps: [Duration] = []

        while true {
            if !pending.isEmpty, !TerminalInput.isReadable(input), let end = flush(&pending) { return end }
            let count = block.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return fail(.readingInput, errno, pending: &pending)
            }
            if count == 0 { break }
            let reading = timeSource.now()
            let now = reading.boot
            // The prefix for each line that starts in this block: the first line's may differ
            // from the rest's under --since previous, so at most two are made.
            var firstInBlock: [UInt8]?
            var restOfBlock: [UInt8]?
            block.withUnsafeBufferPointer { bytes in
                var position = 0
                while position < count {
                    if atLineStart {
                        atLineStart = false
                        let start = first ?? now
                        first = start
                        if summary, let previous { gaps.append(now - previous) }
                        let elapsed: Duration
                        switch since {
                        case .start: elapsed = now - start
                        case .previous: elapsed = firstInBlock == nil ? now - (previous ?? now) : .zero
                        }
                        previous = now
                        lines += 1
                        if firstInBlock == nil {
                            firstInBlock = Array(prefix.text(elapsed: elapsed, wall: reading.wall).utf8)
                            pending.append(contentsOf: firstInBlock!)
                        } else {
                            if restOfBlock == nil {
                                restOfBlock = Array(prefix.text(elapsed: elapsed, wall: reading.wall).utf8)
                            }
                            pending.append(contentsOf: restOfBlock!)
                        }
                    }
                    let base = bytes.baseAddress! + position
                    if let newline = memchr(base, Int32(UInt8(ascii: "\n")), count - position) {
                        let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                        pending.append(contentsOf: UnsafeBufferPointer(start: base, count: end))
                        position += end
                        atLineStart = true
                    } else {
                        pending.append(contentsOf: UnsafeBufferPointer(start: base, count: count - position))
                        position = count
                    }
                }
            }
            if pending.count >= Self.blockSize, let end = flush(&pending) { return end }
        }
        if let end = flush(&pending) { return end }
        if summary {
            let total = (previous ?? .zero) - (first ?? .zero)
            messages.write(prefix.summary(lines: lines, total: total, gaps: DurationStatistics(gaps)))
        }
        return .success
    }

    /// Writes `pending` whole and empties it. Returns nil if that worked, else how `stamp` ends:
    /// quietly with success when the reader has gone (EPIPE), with a message and 74 otherwise.
    private func flush(_ pending: inout [UInt8]) -> ExitCode? {
        var failure: Int32?
        pending.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        pending.removeAll(keepingCapacity: true)
        guard let failure else { return nil }
        if failure == EPIPE { return .success }
        messages.writeMessage(MessageMapper.line(for: .streamFailed(.writingOutput, errno: failure)))
        return .ioError
    }

    private func fail(_ direction: MessageMapper.StreamDirection, _ error: Int32, pending: inout [UInt8]) -> ExitCode {
        if let end = flush(&pending) { return end }
        messages.writeMessage(MessageMapper.line(for: .streamFailed(direction, errno: error)))
        return .ioError
    }

}
