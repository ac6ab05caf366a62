import Glibc

/// A connection to a message bus over its Unix socket: the `EXTERNAL` authentication (the
/// kernel vouches for the user), `Hello`, method calls each answered in turn, and the signals it
/// asked for (`addMatch(_:)`, `takeSignals()`).
///
/// Every wait is bounded (`timeout`): a bus that stops answering costs a command that long, never
/// a hang. Signals that arrive while a call waits for its answer are kept for `takeSignals()`;
/// other messages are passed over.
final class DBusConnection {
    private let descriptor: Int32
    private var serial: UInt32 = 0
    private var received: [UInt8] = []
    /// The signals read and not yet taken, oldest first.
    private var signals: [DBusMessage] = []
    /// How long one read may wait, in milliseconds.
    let timeout: Int32

    /// What went wrong on the way; the connection is of no use after any.
    enum Failure: Error, Equatable {
        case noAddress
        case unreachable
        case refused
        case timedOut
        case closed
        case malformed
        /// The call was answered with an error (its D-Bus name).
        case error(String)
    }

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` as systemd sets
    /// it up, else the user's own runtime directory's (`/run/user/UID/bus`, where a process
    /// started by cron or a bare unit finds it), as `environment` looks them up.
    static func sessionBusAddress(environment: (String) -> String?) -> String? {
        if let address = environment("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return address }
        // With no runtime directory named (cron, a bare unit), the user's own, as logind makes it.
        let runtime = environment("XDG_RUNTIME_DIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
        guard access(runtime + "/bus", F_OK) == 0 else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    /// Connects to the first address of `address` (`unix:path=…` or `unix:abstract=…`, several
    /// separated by `;`) that answers, and says hello.
    init(address: String, timeout: Int32 = 2_000) throws(Failure) {
        self.timeout = timeout
        var connected: Int32?
        for entry in address.split(separator: ";") {
            guard entry.hasPrefix("unix:") else { continue }
            var path: String?
            var abstract = false
            for pair in entry.dropFirst(5).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                if parts[0] == "path" { path = Self.unescaped(parts[1]) }
                if parts[0] == "abstract" { (path, abstract) = (Self.unescaped(parts[1]), true) }
            }
            if let path, let socket = Self.connect(path, abstract: abstract) {
                connected = socket
                break
            }
        }
        guard let connected else { throw .unreachable }
        descriptor = connected
        do {
            try authenticate()
            _ = try call(
                .call(
                    serial: 0, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus", member: "Hello"))
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends `message` (its serial given here) and waits for its answer; an error answer throws.
    @discardableResult
    func call(_ message: DBusMessage) throws(Failure) -> DBusMessage {
        let serial = send(message)
        guard serial != 0 else { throw .closed }
        while true {
            guard let answer = try nextMessage(waiting: true) else { throw .timedOut }
            if answer.type == .signal { signals.append(answer) }
            guard answer.replySerial == serial, answer.type == .methodReturn || answer.type == .error else { continue }
            if answer.type == .error { throw .error(answer.errorName ?? "") }
            return answer
        }
    }

    /// The socket, for a loop that sleeps until the bus sends something.
    var fileDescriptor: Int32 { descriptor }

    /// Asks the bus to send this connection the signals `rule` matches (`AddMatch`:
    /// `type='signal',interface='…',member='…'`).
    func addMatch(_ rule: String) throws(Failure) {
        try call(
            .call(
                serial: 0, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "AddMatch", body: [.string(rule)]))
    }

    /// The signals that came, oldest first: those kept while calls waited, and those the socket
    /// holds now, read without waiting.
    func takeSignals() throws(Failure) -> [DBusMessage] {
        while let message = try nextMessage(waiting: false) {
            if message.type == .signal { signals.append(message) }
        }
        defer { signals.removeAll() }
        return signals
    }

    /// Sends `message`, numbered here; its serial, 0 when it could not be sent.
    private func send(_ message: DBusMessage) -> UInt32 {
        serial += 1
        var numbered = message
        numbered.serial = serial
        return write(numbered.bytes) ? serial : 0
    }

    private func authenticate() throws(Failure) {
        let uid = String(getuid())
        let hex = uid.utf8.map { String($0, radix: 16) }.joined()
        guard write([0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8)) else { throw .closed }
        let answer = try readLine()
        guard answer.hasPrefix("OK ") else { throw .refused }
        guard write(Array("BEGIN\r\n".utf8)) else { throw .closed }
    }

    private func readLine() throws(Failure) -> String {
        while true {
            if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[..<end], as: UTF8.self)
                received.removeSubrange(...end)
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            guard try wait(timeout) else { throw .timedOut }
            try fill()
        }
    }

    /// The next whole message: waiting for it up to `timeout` when `waiting`, else nil unless the
    /// socket holds it already.
    private func nextMessage(waiting: Bool) throws(Failure) -> DBusMessage? {
        while true {
            if received.count >= 16 {
                guard let length = DBusMessage.length(ofMessageStartingWith: Array(received.prefix(16))),
                    length <= 1 << 27
                else { throw .malformed }
                if received.count >= length {
                    let bytes = Array(received[..<length])
                    received.removeSubrange(..<length)
                    guard let message = DBusMessage(reading: bytes) else { throw .malformed }
                    return message
                }
            }
            guard try readable(waiting ? timeout : 0) else { return nil }
            try fill()
        }
    }

    /// Whether there is something to read within `milliseconds`.
    private func wait(_ milliseconds: Int32) throws(Failure) -> Bool {
        if !received.isEmpty { return true }
        return try readable(milliseconds)
    }

    /// Whether the socket has bytes to read within `milliseconds` (a hang-up counts: the read
    /// then tells it).
    private func readable(_ milliseconds: Int32) throws(Failure) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw .closed }
            return ready > 0
        }
    }

    private func fill() throws(Failure) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .closed }
            received += buffer[..<count]
            return
        }
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + written, bytes.count - written, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// A connected stream socket to `path` (in the abstract namespace when `abstract`), or nil.
    private static func connect(_ path: String, abstract: Bool) -> Int32? {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let name = (abstract ? [0] : []) + Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard name.count < capacity else {
            close(socket)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + (abstract ? 0 : 1))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, length) }
        }
        guard result == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    /// An address value with its `%XX` escapes undone.
    private static func unescaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let first = utf8.first {
            utf8 = utf8.dropFirst()
            if first == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(first)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
