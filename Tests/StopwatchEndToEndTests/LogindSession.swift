import Foundation

/// python3-dbusmock's `logind` on a system bus of the test's own, with one session, `c1`, which a
/// test locks, unlocks and leaves idle as a desktop would (GNOME, KDE and swayidle set these
/// hints). Nil where dbus-daemon or python3-dbusmock is not installed.
struct LogindSession {
    let bus: PrivateSessionBus

    init?(in directory: String) {
        guard
            let bus = PrivateSessionBus(
                in: directory, template: "logind", system: true,
                ready: [
                    "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.DBus.Mock.AddSession",
                    "string:c1", "string:seat0", "uint32:1000", "string:user", "boolean:true",
                ])
        else { return nil }
        self.bus = bus
    }

    /// What a process in the session has in its environment: the bus, and the session's id.
    var environment: [String: String] {
        ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "XDG_SESSION_ID": "c1"]
    }

    /// A second session, `ssh`, of the user running the test, whose graphical session logind
    /// names `c1` (the user's `Display`): as a person logged in at the desktop and over ssh.
    func addSSHSessionBesideTheDesktop() -> Bool {
        bus.python(
            """
            import os
            manager = bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1')
            uid = os.getuid()
            manager.AddSession('ssh', 'seat0', dbus.UInt32(uid), 'me', True, dbus_interface='org.freedesktop.DBus.Mock')
            # The template's GetUser adds a number to a string: as logind answers it.
            manager.AddMethod('org.freedesktop.login1.Manager', 'GetUser', 'u', 'o',
                              'ret = "/org/freedesktop/login1/user/%d" % args[0]',
                              dbus_interface='org.freedesktop.DBus.Mock')
            user = bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1/user/%d' % uid)
            display = dbus.Struct(('c1', dbus.ObjectPath('/org/freedesktop/login1/session/c1')), signature='so')
            user.Set('org.freedesktop.login1.User', 'Display', display, dbus_interface='org.freedesktop.DBus.Properties')
            """)
    }

    /// The screen locked, or unlocked (`LockedHint`).
    func lock(_ locked: Bool) -> Bool {
        bus.python(
            """
            session = bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1/session/c1')
            session.SetLockedHint(sys.argv[2] == '1', dbus_interface='org.freedesktop.login1.Session')
            """, locked ? "1" : "0")
    }

    /// logind's `PrepareForSleep`: the machine about to sleep (true), or woken (false). Nothing
    /// sleeps: the clocks tell no sleep.
    func prepareForSleep(_ sleeping: Bool) -> Bool {
        bus.python(
            """
            manager = bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1')
            manager.EmitSignal('org.freedesktop.login1.Manager', 'PrepareForSleep', 'b',
                               [dbus.Boolean(sys.argv[2] == '1')], dbus_interface='org.freedesktop.DBus.Mock')
            """, sleeping ? "1" : "0")
    }

    /// Input stopped `secondsAgo` seconds ago (`IdleHint`, `IdleSinceHintMonotonic` on this
    /// machine's monotonic clock); nil: input came back.
    func idle(secondsAgo: Double?) -> Bool {
        bus.python(
            """
            import time
            session = bus.get_object('org.freedesktop.login1', '/org/freedesktop/login1/session/c1')
            properties = {'IdleHint': dbus.Boolean(sys.argv[2] != '-')}
            if sys.argv[2] != '-':
                since = int((time.monotonic() - float(sys.argv[2])) * 1e6)
                properties['IdleSinceHintMonotonic'] = dbus.UInt64(since)
            session.UpdateProperties('org.freedesktop.login1.Session', properties,
                                     dbus_interface='org.freedesktop.DBus.Mock')
            """, secondsAgo.map { String($0) } ?? "-")
    }
}
