import Foundation
import Testing

/// Processes in time namespaces with other boot-clock offsets (`unshare -T --boottime`) measure
/// exactly, as one clock. Each `unshare` makes a namespace that is freed when it exits, so the next
/// one gets the same inode: the case where the namespace's identity alone is taken for the old one.
@Suite(.enabled(if: canShiftTheBootClock(), "needs unshare -T --boottime"))
struct TimeNamespaceTests {
    let stopwatch = StopwatchBinary()

    /// Runs `stopwatch ARGUMENTS` in a new time namespace whose boot clock is `offset` seconds ahead.
    @discardableResult
    func run(shiftedBy offset: Int, _ arguments: String...) throws -> StopwatchBinary.Result {
        try stopwatch.run(
            ["-T", "--boottime", String(offset), StopwatchBinary.path] + arguments, executable: "/usr/bin/unshare")
    }

    func elapsedMilliseconds(_ result: StopwatchBinary.Result) throws -> Int {
        #expect(result.status == 0, "\(result.error)")
        let document = try stopwatch.json(result.output)
        #expect(document["estimated"] as? Bool == false, "every namespace of one boot measures exactly")
        return try #require(document["elapsedMilliseconds"] as? Int)
    }

    @Test(arguments: [(500, 86_400), (86_400, 500), (0, 86_400), (86_400, 0)])
    func namespacesOfOneBootReadOneClock(_ first: Int, _ second: Int) throws {
        #expect(try run(shiftedBy: first, "start", "up").status == 0)
        usleep(200_000)
        let there = try elapsedMilliseconds(try run(shiftedBy: second, "status", "up", "--json"))
        #expect(there >= 200 && there < 60_000, "not frozen at zero, not the offsets' difference")
        let here = try elapsedMilliseconds(try stopwatch.run("status", "up", "--json"))
        #expect(here >= there, "never decreasing")
        let back = try elapsedMilliseconds(try run(shiftedBy: first, "status", "up", "--json"))
        #expect(back >= here)
        let line = try run(shiftedBy: second, "status", "up")
        #expect(
            !line.output.contains("estimated") && !line.output.contains("~"), "no message says the machine restarted")
    }

    @Test(arguments: [(500, 86_400), (86_400, 500)])
    func waitInAnotherNamespaceIsNeverEarly(_ first: Int, _ second: Int) throws {
        #expect(try run(shiftedBy: first, "timer", "1s", "nap").status == 0)
        // Read in the timer's namespace: one in the host's would rebase a mistaken session to the host.
        let status = try stopwatch.json(try run(shiftedBy: first, "status", "nap", "--json").output)
        let expiresAt = try #require(
            (status["expiresAt"] as? String).flatMap(StopwatchBinary.secondsSinceEpoch(rfc3339:)))
        let wait = try run(shiftedBy: second, "wait", "nap")
        let returned = Date().timeIntervalSince1970
        #expect(wait.status == 0, "\(wait.error)")
        #expect(returned >= expiresAt, "returned \(expiresAt - returned) s before the expiry")
        #expect(returned - expiresAt < 5)
    }
}
