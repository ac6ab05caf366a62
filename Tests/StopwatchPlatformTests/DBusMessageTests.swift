import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// The D-Bus wire format as the specification lays it out: alignment, lengths, header fields.
@Suite struct DBusMessageTests {
    @Test func aCallWithNoBodyIsLaidOutAsTheSpecificationSays() {
        let hello = DBusMessage.call(
            serial: 1, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "Hello")
        let bytes = hello.bytes
        #expect(
            Array(bytes.prefix(12)) == [0x6C, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0], "little-endian call, no body, serial 1")
        #expect(bytes.count % 8 == 0, "the header padded to 8")
        // PATH: code 1, signature "o", then the path's length and bytes.
        #expect(Array(bytes[16..<24]) == [1, 1, UInt8(ascii: "o"), 0, 21, 0, 0, 0])
        #expect(DBusMessage.length(ofMessageStartingWith: Array(bytes.prefix(16))) == bytes.count)
    }

    @Test func aNotificationRoundTripsWithItsBodyAligned() throws {
        let call = DBusMessage.call(
            serial: 7, destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: "Notify",
            body: [
                .string("stopwatch"), .uint32(0), .string(""), .string("tea is up"), .string("body"),
                .strings(["a", "bc"]), .emptyDictionary, .int32(-1),
            ])
        #expect(call.signature == "susssasa{sv}i")
        let bytes = call.bytes
        #expect(DBusMessage.length(ofMessageStartingWith: Array(bytes.prefix(16))) == bytes.count)
        let read = try #require(DBusMessage(reading: bytes))
        #expect(read.type == .methodCall && read.serial == 7 && read.member == "Notify")
        #expect(read.destination == "org.freedesktop.Notifications" && read.signature == "susssasa{sv}i")
        var body = DBusReader(read.bodyBytes)
        #expect(body.string() == "stopwatch" && body.uint32() == 0 && body.string() == "")
        #expect(body.string() == "tea is up" && body.string() == "body" && body.strings() == ["a", "bc"])
        // The empty dictionary: its length, then padding to 8 for the entries it does not have.
        #expect(body.uint32() == 0)
        body.align(8)
        #expect(body.uint32() == UInt32(bitPattern: -1) && body.position == read.bodyBytes.count)
    }

    @Test func anAnswerNamesTheCallItAnswers() throws {
        var answer = DBusMessage(type: .methodReturn, serial: 3)
        answer.replySerial = 7
        answer.signature = "u"
        answer.body = [.uint32(42)]
        let read = try #require(DBusMessage(reading: answer.bytes))
        #expect(read.type == .methodReturn && read.replySerial == 7)
        var body = DBusReader(read.bodyBytes)
        #expect(body.uint32() == 42)
        #expect(DBusMessage(reading: Array(answer.bytes.prefix(10))) == nil, "too short")
    }

    @Test func aServersAnswerToANotificationReadsAsItsIdAndTheActionChosen() throws {
        var signal = DBusMessage(type: .signal, serial: 9)
        (signal.path, signal.interface, signal.member) =
            ("/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked")
        signal.signature = "us"
        signal.body = [.uint32(3), .string("add-5m")]
        let read = try #require(DBusMessage(reading: signal.bytes))
        #expect(read.type == .signal && read.member == "ActionInvoked" && read.signature == "us")
        var body = DBusReader(read.bodyBytes)
        #expect(body.uint32() == 3 && body.string() == "add-5m")
    }

    @Test func eachEventOffersTheActionsThatApplyToIt() {
        let name = StopwatchName("tea")!
        #expect(
            NotificationAction.offered(for: .zero(name: name, duration: .seconds(60))) == [.addFiveMinutes, .dismiss])
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 1)
        #expect(NotificationAction.offered(for: .edge(name: name, plan.edge(0))) == [.next, .addFiveMinutes])
        #expect(NotificationAction.offered(for: .edge(name: name, plan.edge(1))) == [.dismiss], "the cycle's end")
        var warning = plan.edge(0)
        warning.isWarning = true
        #expect(NotificationAction.offered(for: .edge(name: name, warning)).isEmpty)
        #expect(
            NotificationAction.addFiveMinutes.action(rearming: ExpiryHook(notify: true))
                == .addTime(.seconds(300), hook: ExpiryHook(notify: true)))
        #expect(NotificationAction.allCases.map(\.label) == ["+5 min", "Dismiss", "Next"])
    }

    /// A `PropertiesChanged` body as logind sends it (`sa{sv}as`): the hints read, and a value of
    /// a type no reader here needs (a struct, an array) read past.
    @Test func aSessionsChangedPropertiesAreReadAndOtherTypesPassedOver() throws {
        var writer = DBusWriter()
        writer.string("org.freedesktop.login1.Session")
        writer.uint32(0)
        let lengthAt = writer.bytes.count - 4
        writer.align(8)
        let entriesStart = writer.bytes.count
        func entry(_ name: String, _ signature: String, _ value: (inout DBusWriter) -> Void) {
            writer.align(8)
            writer.string(name)
            writer.signature(signature)
            value(&writer)
        }
        entry("Seat", "(so)") {
            $0.align(8)
            $0.string("seat0")
            $0.string("/org/freedesktop/login1/seat/seat0")
        }
        entry("LockedHint", "b") { $0.uint32(1) }
        entry("Names", "as") { $0.write(.strings(["a", "bc"])) }
        entry("IdleSinceHintMonotonic", "t") { writer in
            writer.align(8)
            withUnsafeBytes(of: UInt64(123_456_789_012).littleEndian) { writer.bytes += $0 }
        }
        entry("IdleHint", "b") { $0.uint32(0) }
        let length = UInt32(writer.bytes.count - entriesStart)
        withUnsafeBytes(of: length.littleEndian) { writer.bytes.replaceSubrange(lengthAt..<(lengthAt + 4), with: $0) }
        writer.write(.strings([]))
        var reader = DBusReader(writer.bytes)
        #expect(reader.string() == "org.freedesktop.login1.Session")
        let read = reader.properties()
        let properties = try #require(read)
        #expect(properties["LockedHint"] == .bool(true) && properties["IdleHint"] == .bool(false))
        #expect(properties["IdleSinceHintMonotonic"] == .uint64(123_456_789_012))
        #expect(properties["Seat"] == .other && properties["Names"] == .other)
        #expect(reader.strings() == [], "read to its end, in step")
        let hints = LoginSession.Hints().updated(by: properties)
        #expect(hints.locked && !hints.idle && hints.isAway && hints.idleSinceMonotonic == 123_456_789_012)
    }

    @Test func aPropertyOfABrokenTypeIsNotTakenForAValue() {
        var writer = DBusWriter()
        writer.uint32(16)
        writer.align(8)
        writer.string("X")
        writer.signature("(s")
        var reader = DBusReader(writer.bytes)
        #expect(reader.properties() == nil)
    }
}
