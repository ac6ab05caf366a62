/// A D-Bus message as the wire carries it (the specification's "Message Format"), little-endian:
/// the fixed header, the header fields, and a body of the few types stopwatch sends and reads
/// (strings, object paths, signatures, 32-bit integers, arrays of strings, an empty dictionary).
///
/// Written by hand against the specification rather than through libdbus, so the release binary
/// stays static and `swift build` needs nothing but the toolchain.
struct DBusMessage: Equatable {
    enum MessageType: UInt8 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// One value of a body.
    enum Value: Equatable {
        case string(String)
        case uint32(UInt32)
        case int32(Int32)
        case strings([String])
        /// An `a{sv}` with no entry: a notification's hints.
        case emptyDictionary
        /// An `a{sv}` with one entry, `urgency` a byte: a notification's hints asking for that
        /// urgency (2, critical: it stays until answered).
        case urgency(UInt8)

        var signature: String {
            switch self {
            case .string: "s"
            case .uint32: "u"
            case .int32: "i"
            case .strings: "as"
            case .emptyDictionary, .urgency: "a{sv}"
            }
        }
    }

    var type: MessageType
    var serial: UInt32
    var path: String?
    var interface: String?
    var member: String?
    var destination: String?
    var errorName: String?
    var replySerial: UInt32?
    /// The body's signature, as the header gives it (`""` for none).
    var signature = ""
    var body: [Value] = []
    /// The body's bytes as read, for a reader that knows its signature.
    var bodyBytes: [UInt8] = []

    /// A method call with `body`.
    static func call(
        serial: UInt32, destination: String, path: String, interface: String, member: String, body: [Value] = []
    ) -> DBusMessage {
        var message = DBusMessage(type: .methodCall, serial: serial)
        (message.path, message.interface, message.member, message.destination) = (path, interface, member, destination)
        message.signature = body.map(\.signature).joined()
        message.body = body
        return message
    }

    init(type: MessageType, serial: UInt32) {
        self.type = type
        self.serial = serial
    }

    /// The message's bytes.
    var bytes: [UInt8] {
        var body = DBusWriter()
        for value in self.body { body.write(value) }
        var header = DBusWriter()
        header.bytes += [UInt8(ascii: "l"), type.rawValue, 0, 1]
        header.uint32(UInt32(body.bytes.count))
        header.uint32(serial)
        var fields = DBusWriter(offset: 16)
        func field(_ code: UInt8, _ signature: String, _ write: (inout DBusWriter) -> Void) {
            fields.align(8)
            fields.bytes.append(code)
            fields.signature(signature)
            write(&fields)
        }
        if let path { field(1, "o") { $0.string(path) } }
        if let interface { field(2, "s") { $0.string(interface) } }
        if let member { field(3, "s") { $0.string(member) } }
        if let errorName { field(4, "s") { $0.string(errorName) } }
        if let replySerial { field(5, "u") { $0.uint32(replySerial) } }
        if let destination { field(6, "s") { $0.string(destination) } }
        if !signature.isEmpty { field(8, "g") { $0.signature(signature) } }
        header.uint32(UInt32(fields.bytes.count))
        header.bytes += fields.bytes
        header.align(8)
        return header.bytes + body.bytes
    }

    /// How many bytes the message that begins with these 16 takes in all; nil when they are not
    /// the start of a little-endian message of version 1.
    static func length(ofMessageStartingWith start: [UInt8]) -> Int? {
        guard start.count >= 16, start[0] == UInt8(ascii: "l"), start[3] == 1 else { return nil }
        var reader = DBusReader(start)
        reader.position = 4
        guard let bodyLength = reader.uint32(), reader.uint32() != nil, let fieldsLength = reader.uint32() else {
            return nil
        }
        let header = 16 + Int(fieldsLength)
        return (header + 7) / 8 * 8 + Int(bodyLength)
    }

    /// The message these bytes hold (whole, as `length(ofMessageStartingWith:)` measured), its
    /// header fields read; nil when they do not parse.
    init?(reading bytes: [UInt8]) {
        guard bytes.count >= 16, let type = MessageType(rawValue: bytes[1]) else { return nil }
        var reader = DBusReader(bytes)
        reader.position = 4
        guard let bodyLength = reader.uint32(), let serial = reader.uint32(), let fieldsLength = reader.uint32()
        else { return nil }
        self.type = type
        self.serial = serial
        let end = 16 + Int(fieldsLength)
        while reader.position < end {
            reader.align(8)
            guard let code = reader.byte(), let signature = reader.signature() else { return nil }
            switch signature {
            case "s", "o":
                guard let text = reader.string() else { return nil }
                switch code {
                case 1: path = text
                case 2: interface = text
                case 3: member = text
                case 4: errorName = text
                case 6: destination = text
                default: break
                }
            case "u":
                guard let value = reader.uint32() else { return nil }
                if code == 5 { replySerial = value }
            case "g":
                guard let text = reader.signature() else { return nil }
                if code == 8 { self.signature = text }
            default:
                return nil
            }
        }
        reader.position = (end + 7) / 8 * 8
        guard reader.position + Int(bodyLength) <= bytes.count else { return nil }
        bodyBytes = Array(bytes[reader.position..<(reader.position + Int(bodyLength))])
    }
}

/// Writes values with the alignment the specification asks, counted from `offset` (the position
/// of the first byte in the message).
struct DBusWriter {
    var bytes: [UInt8] = []
    let offset: Int

    init(offset: Int = 0) {
        self.offset = offset
    }

    mutating func align(_ boundary: Int) {
        while (offset + bytes.count) % boundary != 0 { bytes.append(0) }
    }

    mutating func uint32(_ value: UInt32) {
        align(4)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func string(_ text: String) {
        uint32(UInt32(text.utf8.count))
        bytes += text.utf8
        bytes.append(0)
    }

    mutating func signature(_ text: String) {
        bytes.append(UInt8(text.utf8.count))
        bytes += text.utf8
        bytes.append(0)
    }

    mutating func write(_ value: DBusMessage.Value) {
        switch value {
        case .string(let text): string(text)
        case .uint32(let number): uint32(number)
        case .int32(let number): uint32(UInt32(bitPattern: number))
        case .strings(let texts):
            var elements = DBusWriter(offset: 0)
            // The length counts the elements only, from where the first begins (4-aligned, as
            // the length itself already is).
            for text in texts { elements.string(text) }
            uint32(UInt32(elements.bytes.count))
            bytes += elements.bytes
        case .emptyDictionary:
            uint32(0)
            align(8)
        case .urgency(let level):
            // The length counts the entries only, from the first's 8-aligned start.
            uint32(0)
            let length = bytes.count - 4
            align(8)
            let start = bytes.count
            string("urgency")
            signature("y")
            bytes.append(level)
            withUnsafeBytes(of: UInt32(bytes.count - start).littleEndian) {
                bytes.replaceSubrange(length..<(length + 4), with: $0)
            }
        }
    }
}

/// Reads values as `DBusWriter` writes them, from a message's bytes (alignment counted from 0).
struct DBusReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func align(_ boundary: Int) {
        position = (position + boundary - 1) / boundary * boundary
    }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint32() -> UInt32? {
        align(4)
        guard position + 4 <= bytes.count else { return nil }
        defer { position += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[position + $1]) << (8 * $1) }
    }

    mutating func string() -> String? {
        guard let length = uint32(), position + Int(length) < bytes.count else { return nil }
        defer { position += Int(length) + 1 }
        return String(decoding: bytes[position..<(position + Int(length))], as: UTF8.self)
    }

    mutating func signature() -> String? {
        guard let length = byte(), position + Int(length) < bytes.count else { return nil }
        defer { position += Int(length) + 1 }
        return String(decoding: bytes[position..<(position + Int(length))], as: UTF8.self)
    }

    /// An `as`.
    mutating func strings() -> [String]? {
        guard let length = uint32() else { return nil }
        let end = position + Int(length)
        var texts: [String] = []
        while position < end {
            guard let text = string() else { return nil }
            texts.append(text)
        }
        return texts
    }
}
