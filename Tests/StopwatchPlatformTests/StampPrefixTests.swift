import StopwatchCore
import StopwatchPlatform
import Testing

/// The prefixes `stamp` writes and its summary line.
@Suite struct StampPrefixTests {
    func prefix(_ format: StampPrefix.Format) -> StampPrefix {
        StampPrefix(format: format, durations: DurationTextMapper())
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
        #expect(prefix(format).text(elapsed) == text)
    }

    @Test func summaryOfSeveralLines() {
        let gaps = DurationStatistics([.milliseconds(100), .milliseconds(300), .milliseconds(200)])
        #expect(prefix(.milliseconds).summary(lines: 4, total: .milliseconds(600), gaps: gaps) == """
            stamp: 4 lines in 00:00.600000; between lines: min 00:00.100000, max 00:00.300000, mean 00:00.200000, median 00:00.200000

            """)
    }

    @Test func summaryOfNoneOrOneLine() {
        #expect(prefix(.human).summary(lines: 0, total: .zero, gaps: nil) == "stamp: 0 lines\n")
        #expect(prefix(.human).summary(lines: 1, total: .zero, gaps: nil) == "stamp: 1 line in 00:00.000000\n")
    }
}
