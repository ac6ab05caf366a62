import StopwatchCore
import StopwatchPlatform
import StopwatchTestSupport
import Testing

/// The prefixes `stamp` writes and its summary line.
@Suite struct StampPrefixTests {
    func prefix(_ format: StampPrefix.Format) -> StampPrefix {
        StampPrefix(format: format, durations: DurationTextMapper(), timeZone: ManualTimeZone(offset: .seconds(3600)))
    }

    @Test(arguments: [
        (StampPrefix.Format.human, Duration.zero, "00:00.000000 "),
        (.human, .microseconds(62_345_678), "01:02.345678 "),
        (.human, .seconds(3661) + .microseconds(5), "1:01:01.000005 "),
        (.human, .nanoseconds(999), "00:00.000000 "),
        (.milliseconds, .microseconds(62_345_678), "62345 "),
        (.milliseconds, .microseconds(999), "0 "),
        (.seconds, .microseconds(62_345_678), "62.345678 "),
        (.seconds, .microseconds(5), "0.000005 "),
        (.microseconds, .microseconds(62_345_678), "62345678 "),
        (.microseconds, .nanoseconds(1_999), "1 "),
    ])
    func formatsTruncate(_ format: StampPrefix.Format, _ elapsed: Duration, _ text: String) {
        #expect(prefix(format).text(elapsed: elapsed, wall: .zero) == text)
    }

    @Test func wallClockFormatsShowWhenTheLineArrivedInLocalTime() {
        // 2026-11-23T13:05:01.123456Z, in a zone one hour ahead of UTC.
        let wall = Duration.seconds(1_795_439_101) + .microseconds(123_456)
        #expect(prefix(.clock).text(elapsed: .seconds(5), wall: wall) == "14:05:01.123456 ")
        #expect(prefix(.iso).text(elapsed: .seconds(5), wall: wall) == "2026-11-23T14:05:01.123456+01:00 ")
        let west = StampPrefix(
            format: .iso, durations: DurationTextMapper(), timeZone: ManualTimeZone(offset: .seconds(-5 * 3600 - 1800)))
        #expect(west.text(elapsed: .zero, wall: wall) == "2026-11-23T07:35:01.123456-05:30 ")
        let utc = StampPrefix(format: .iso, durations: DurationTextMapper(), timeZone: ManualTimeZone())
        #expect(utc.text(elapsed: .zero, wall: wall) == "2026-11-23T13:05:01.123456+00:00 ")
    }

    @Test func summaryOfSeveralLines() {
        let gaps = DurationStatistics([.milliseconds(100), .milliseconds(300), .milliseconds(200)])
        #expect(
            prefix(.milliseconds).summary(lines: 4, total: .milliseconds(600), gaps: gaps) == """
                stamp: 4 lines in 00:00.600000; between lines: min 00:00.100000, max 00:00.300000, mean 00:00.200000, median 00:00.200000

                """)
    }

    @Test func summaryOfNoneOrOneLine() {
        #expect(prefix(.human).summary(lines: 0, total: .zero, gaps: nil) == "stamp: 0 lines\n")
        #expect(prefix(.human).summary(lines: 1, total: .zero, gaps: nil) == "stamp: 1 line in 00:00.000000\n")
    }
}
