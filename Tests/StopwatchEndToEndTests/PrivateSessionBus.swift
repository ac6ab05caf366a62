import Foundation

/// A bus of the test's own (`dbus-daemon --session`) with one of python3-dbusmock's servers on
/// it: the `notification_daemon` template, which logs every call it answers, or (as the system
/// bus) `logind`, whose session a test locks and leaves idle (`LogindSession`). Nil where either
/// is not installed (`.ci/run` installs both).
final class PrivateSessionBus {
    let address: String
    /// dbusmock's log: a line a call (`… Notify "stopwatch" 0 "" "SUMMARY" "BODY" [] {} -1`).
    let log: String
    private let daemon: Process
    private let mock: Process

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock")
    }

    /// `capabilities`, space-separated, in place of dbusmock's own (which have no `actions`).
    convenience init?(in directory: String, capabilities: String? = nil) {
        self.init(
            in: directory, template: "notification_daemon",
            parameters: capabilities.map { #"{"capabilities": "\#($0)"}"# },
            ready: [
                "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                "org.freedesktop.Notifications.GetServerInformation",
            ])
    }

    /// A bus serving dbusmock's `template` (as the system bus, with `system`), ready once the call
    /// `ready` (destination, object, method: arguments after) is answered.
    init?(in directory: String, template: String, parameters: String? = nil, system: Bool = false, ready: [String]) {
        guard Self.isAvailable else { return nil }
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        guard (try? daemon.run()) != nil else { return nil }
        // The address is the first line; the daemon keeps the pipe open, so read only that far.
        var read = Data()
        while !read.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            read += more
        }
        let address = String(decoding: read.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        self.address = address
        log = directory + "/" + template + ".log"
        mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments =
            ["-m", "dbusmock"] + (system ? ["--system"] : []) + ["--template", template, "-l", log]
            + (parameters.map { ["-p", $0] } ?? [])
        mock.environment = [
            system ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin",
        ]
        mock.standardOutput = FileHandle.nullDevice
        mock.standardError = FileHandle.nullDevice
        guard !address.isEmpty, (try? mock.run()) != nil else {
            kill(daemon.processIdentifier, SIGKILL)
            return nil
        }
        // Ready once the server answers a call of its own.
        let ready = waitUntil(seconds: 30) {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
            probe.arguments = ["--bus=" + address, "--print-reply", "--dest=" + ready[0]] + ready.dropFirst()
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }
        guard ready else {
            kill(mock.processIdentifier, SIGKILL)
            kill(daemon.processIdentifier, SIGKILL)
            return nil
        }
    }

    /// Killed, not asked to end: dbusmock does not end on SIGTERM.
    deinit {
        for process in [mock, daemon] {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The server says the person chose `action` on notification `id` (`ActionInvoked`), as a
    /// desktop does when a button is clicked.
    func choose(_ action: String, on id: Int) -> Bool {
        python(
            """
            server = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
            server.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us',
                              [dbus.UInt32(int(sys.argv[2])), sys.argv[3]], dbus_interface='org.freedesktop.DBus.Mock')
            """, String(id), action)
    }

    /// Runs `script` with `bus` connected to this bus (`sys.argv[1]` its address; `arguments`
    /// after); whether it succeeded.
    func python(_ script: String, _ arguments: String...) -> Bool {
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        run.arguments =
            ["-c", "import sys, dbus\nbus = dbus.bus.BusConnection(sys.argv[1])\n" + script, address] + arguments
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        guard (try? run.run()) != nil else { return false }
        run.waitUntilExit()
        return run.terminationStatus == 0
    }

    /// The `Notify` calls the server answered, each as dbusmock logs its arguments.
    var notifications: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            line.firstRange(of: " Notify ").map { String(line[$0.upperBound...]) }
        }
    }
}
