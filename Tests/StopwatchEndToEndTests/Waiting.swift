import Foundation

/// Polls `condition` until it holds or `seconds` pass; true if it held. For events a test cannot
/// be told of directly (a file appearing, a process stopping), so no test waits a fixed time. The
/// bound is generous (a passing test returns as soon as the event comes): a loaded machine, CI's
/// beside a long simulation, took more than 10 s to start a watcher and have it listen.
func waitUntil(seconds: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(1_000)
    }
    return true
}

extension Duration {
    /// Whole microseconds, truncated.
    var wholeMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

/// Whether process `pid` is asleep in poll(2), as `wait` and `--follow` are once they have read
/// what they wait for (`PollScheduler`): `poll` (7) or `ppoll` (271) on x86-64, `ppoll` (73) on
/// arm64, in /proc/PID/syscall.
func isAsleepInPoll(_ pid: Int32) -> Bool {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8) else { return false }
    #if arch(arm64)
        return text.hasPrefix("73 ")
    #else
        return text.hasPrefix("7 ") || text.hasPrefix("271 ")
    #endif
}
