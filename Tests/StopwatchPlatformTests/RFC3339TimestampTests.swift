import Testing

@testable import StopwatchPlatform

@Suite struct RFC3339TimestampTests {
    @Test(arguments: [
        (Duration.zero, "1970-01-01T00:00:00.000000Z"),
        (.seconds(1_767_225_600), "2026-01-01T00:00:00.000000Z"),
        (.seconds(951_825_600) + .microseconds(123_456), "2000-02-29T12:00:00.123456Z"),
        (.seconds(4_102_444_799) + .microseconds(999_999), "2099-12-31T23:59:59.999999Z"),
        (.seconds(-1), "1969-12-31T23:59:59.000000Z"),
    ])
    func roundTrips(_ instant: Duration, _ text: String) {
        #expect(RFC3339Timestamp.string(from: instant) == text)
        #expect(RFC3339Timestamp.duration(from: text) == instant)
    }

    @Test func acceptsShorterFractionsAndOffsets() {
        #expect(RFC3339Timestamp.duration(from: "2026-01-01T00:00:00Z") == .seconds(1_767_225_600))
        #expect(
            RFC3339Timestamp.duration(from: "2026-01-01T00:00:00.5Z") == .seconds(1_767_225_600) + .milliseconds(500))
        #expect(RFC3339Timestamp.duration(from: "2026-01-01T02:00:00+02:00") == .seconds(1_767_225_600))
    }

    @Test(arguments: [
        "", "2026-01-01", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z",
        "2026-01-01T00:00:00", "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00Zjunk", "x026-01-01T00:00:00Z",
    ])
    func rejectsMalformedText(_ text: String) {
        #expect(RFC3339Timestamp.duration(from: text) == nil)
    }
}
