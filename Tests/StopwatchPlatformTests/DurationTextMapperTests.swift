import Testing

@testable import StopwatchPlatform

@Suite struct DurationTextMapperTests {
    let mapper = DurationTextMapper()

    @Test(arguments: [
        (Duration.zero, "00:00.00"),
        (.milliseconds(999), "00:00.99"),
        (.microseconds(9_999), "00:00.00"),
        (.milliseconds(59_999), "00:59.99"),
        (.milliseconds(60_000), "01:00.00"),
        (.milliseconds(3_599_999), "59:59.99"),
        (.seconds(3600), "1:00:00.00"),
        (.milliseconds(3_600_999), "1:00:00.99"),
        (.seconds(100 * 3600), "100:00:00.00"),
        (.seconds(100 * 3600 + 61) + .milliseconds(5), "100:01:01.00"),
        (.seconds(-5), "00:00.00"),
    ])
    func clockTruncates(_ duration: Duration, _ text: String) {
        #expect(mapper.clock(duration) == text)
    }

    /// The clock as plain arithmetic and interpolation would write it, for any duration and digits.
    @Test func clockMatchesItsDefinitionEverywhere() {
        func reference(_ micros: Int64, _ digits: Int) -> String {
            func pad(_ value: Int64, _ width: Int) -> String {
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            let (seconds, hours) = (micros / 1_000_000, micros / 3_600_000_000)
            let head = hours > 0 ? "\(hours):\(pad(seconds / 60 % 60, 2))" : pad(seconds / 60 % 60, 2)
            return "\(head):\(pad(seconds % 60, 2)).\(pad(micros % 1_000_000, 6).prefix(digits))"
        }
        let mapper = DurationTextMapper()
        // Every magnitude, with odd offsets around each power of two, at every precision.
        for shift in 0..<63 {
            for offset in stride(from: Int64(-3), through: 997_003, by: 99_991) {
                let micros = max(0, (Int64(1) << shift) &+ offset)
                let digits = shift % 6 + 1
                #expect(
                    mapper.clock(.microseconds(micros), fractionDigits: digits) == reference(micros, digits),
                    "\(micros) µs, \(digits)")
            }
        }
        #expect(mapper.clock(.microseconds(Int64.max), fractionDigits: 2) == reference(Int64.max, 2))
    }

    /// The live line appends a clock's digits straight into its bytes: they are the clock's text,
    /// after whatever the line already holds, for a time shown and a countdown's time left alike.
    @Test func anAppendedClockIsTheClockText() {
        for shift in 0..<63 {
            for offset in stride(from: Int64(-3), through: 997_003, by: 99_991) {
                let duration = Duration.microseconds(max(0, (Int64(1) << shift) &+ offset))
                for state in [
                    mapper.viewState(duration),
                    mapper.remainingViewState(
                        duration: duration + .microseconds(7_654_321), elapsed: .microseconds(7_654_321)),
                ] {
                    var bytes = Array("12:34 ".utf8)
                    state.appendClock(to: &bytes)
                    #expect(String(decoding: bytes, as: UTF8.self) == "12:34 " + state.clock, "\(duration)")
                    #expect(state.clock == mapper.clock(.microseconds(state.centiseconds * 10_000)), "\(duration)")
                }
            }
        }
    }

    @Test func clockWithMoreDigits() {
        #expect(mapper.clock(.microseconds(61_234_567), fractionDigits: 6) == "01:01.234567")
        #expect(mapper.clock(.microseconds(61_234_567), fractionDigits: 3) == "01:01.234")
    }

    @Test func machineFiguresTruncate() {
        let duration = Duration.microseconds(62_345_999)
        #expect(mapper.milliseconds(duration) == 62_345)
        #expect(mapper.microseconds(duration) == 62_345_999)
        #expect(mapper.seconds(duration) == "62.345")
        #expect(mapper.seconds(.milliseconds(999)) == "0.999")
        #expect(mapper.seconds(.milliseconds(5)) == "0.005")
        #expect(mapper.milliseconds(.nanoseconds(999_999)) == 0)
    }
}
