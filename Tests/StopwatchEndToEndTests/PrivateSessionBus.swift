import Foundation

/// A session bus of the test's own (`dbus-daemon --session`) with a notification server on it:
/// python3-dbusmock's `notification_daemon` template, which logs every call it answers. Nil where
/// either is not installed (`.ci/run` installs both).
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
    init?(in directory: String, capabilities: String? = nil) {
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
        address = String(decoding: read.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        log = directory + "/notifications.log"
        mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments =
            ["-m", "dbusmock", "--template", "notification_daemon", "-l", log]
            + (capabilities.map { ["-p", #"{"capabilities": "\#($0)"}"#] } ?? [])
        mock.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
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
            probe.arguments = [
                "--session", "--print-reply", "--dest=org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                "org.freedesktop.Notifications.GetServerInformation",
            ]
            probe.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
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
        let emit = Process()
        emit.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        emit.arguments = [
            "-c",
            """
            import sys, dbus
            bus = dbus.bus.BusConnection(sys.argv[1])
            server = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
            server.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us',
                              [dbus.UInt32(int(sys.argv[2])), sys.argv[3]], dbus_interface='org.freedesktop.DBus.Mock')
            """, address, String(id), action,
        ]
        emit.standardOutput = FileHandle.nullDevice
        guard (try? emit.run()) != nil else { return false }
        emit.waitUntilExit()
        return emit.terminationStatus == 0
    }

    /// The `Notify` calls the server answered, each as dbusmock logs its arguments.
    var notifications: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            line.firstRange(of: " Notify ").map { String(line[$0.upperBound...]) }
        }
    }
}
