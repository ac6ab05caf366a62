import Foundation
import Testing

/// Notifications you can act on: a notification server that shows actions (python3-dbusmock's,
/// told so) gets "+5 min" and "Dismiss" at a countdown's zero, "Next" and "+5 min" at a cycle's
/// edge; the background waiter that sent it carries out the one chosen, as the command would.
@Suite struct NotificationActionTests {
    let stopwatch = StopwatchBinary()

    func desktop() throws -> (environment: [String: String], bus: PrivateSessionBus)? {
        guard let bus = PrivateSessionBus(in: stopwatch.root, capabilities: "body actions") else {
            print("note: dbus-daemon or python3-dbusmock is not installed; skipped (.ci/run installs them)")
            return nil
        }
        var environment = stopwatch.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        return (environment, bus)
    }

    func status(_ name: String) throws -> [String: Any] {
        try stopwatch.json(try stopwatch.run("status", name, "--json").output)
    }

    @Test func fiveMoreMinutesAtZeroGivesTheCountdownThemAndItsHookAgain() throws {
        guard let (environment, bus) = try desktop() else { return }
        #expect(try stopwatch.run(["timer", "0.3s", "tea", "--notify"], environment: environment).status == 0)
        #expect(waitUntil { bus.notifications.count == 1 })
        #expect(
            bus.notifications.first?.hasSuffix(#"["add-5m", "+5 min", "dismiss", "Dismiss"] {"urgency": 2} -1"#)
                == true,
            "\(bus.notifications)")
        // Answered late: two seconds past the zero.
        #expect(waitUntil { ((try? status("tea"))?["overtimeMilliseconds"] as? Int ?? 0) > 2000 })
        #expect(bus.choose("add-5m", on: 1))
        #expect(waitUntil { (try? status("tea"))?["status"] as? String == "running" })
        let left = try #require(try status("tea")["remainingMilliseconds"] as? Int)
        #expect(left > 5 * 60_000 - 1000 && left <= 5 * 60_000, "five minutes from the answer: \(left)")
        #expect(
            (try stopwatch.lastState("tea")["hook"] as? [String: Any])?["notify"] as? Bool == true,
            "its new zero notifies again")
        try stopwatch.run("delete", "tea")
    }

    @Test func dismissAtZeroDismissesIt() throws {
        guard let (environment, bus) = try desktop() else { return }
        #expect(try stopwatch.run(["timer", "0.3s", "egg", "--notify"], environment: environment).status == 0)
        #expect(waitUntil { bus.notifications.count == 1 })
        #expect(try status("egg")["status"] as? String == "expired")
        #expect(bus.choose("dismiss", on: 1))
        #expect(waitUntil { (try? status("egg"))?["status"] as? String == "initial" }, "as 'stopwatch dismiss egg'")
    }

    @Test func nextAtAnEdgeBeginsThePhaseThatWaitsForIt() throws {
        guard let (environment, bus) = try desktop() else { return }
        let started = try stopwatch.run(
            ["cycle", "focus", "work=0.3s", "rest=10m", "--wait-before", "rest", "--notify"], environment: environment)
        #expect(started.status == 0)
        #expect(waitUntil { bus.notifications.count == 1 })
        #expect(
            bus.notifications.first?.hasSuffix(#"["next", "Next", "add-5m", "+5 min"] {} -1"#) == true,
            "\(bus.notifications)")
        #expect(try status("focus")["status"] as? String == "waiting")
        #expect(bus.choose("next", on: 1))
        #expect(
            waitUntil { ((try? status("focus"))?["phase"] as? [String: Any])?["label"] as? String == "rest" },
            "as 'stopwatch next focus'")
        #expect(try status("focus")["status"] as? String == "running")
        try stopwatch.run("delete", "focus")
    }

    @Test func anActionNotOfferedOrOfAnotherNotificationDoesNothing() throws {
        guard let (environment, bus) = try desktop() else { return }
        #expect(try stopwatch.run(["timer", "0.3s", "tea", "--notify"], environment: environment).status == 0)
        #expect(waitUntil { bus.notifications.count == 1 })
        #expect(bus.choose("next", on: 1) && bus.choose("dismiss", on: 7))
        #expect(bus.choose("dismiss", on: 1))
        #expect(waitUntil { (try? status("tea"))?["status"] as? String == "initial" })
        #expect(try stopwatch.run("history", "--format", "names").output == "tea\n", "one run, ended once")
    }
}
