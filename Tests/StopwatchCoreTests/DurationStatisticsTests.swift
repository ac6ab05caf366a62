import StopwatchCore
import Testing

@Suite struct DurationStatisticsTests {
    @Test func emptyHasNone() {
        #expect(DurationStatistics([]) == nil)
    }

    @Test func oneValueIsEverything() throws {
        let statistics = try #require(DurationStatistics([.milliseconds(7)]))
        #expect(
            statistics
                == DurationStatistics(
                    count: 1, minimum: .milliseconds(7), maximum: .milliseconds(7), mean: .milliseconds(7),
                    median: .milliseconds(7)))
    }

    @Test func oddAndEvenCountsInAnyOrder() throws {
        let odd = try #require(DurationStatistics([.seconds(3), .seconds(1), .seconds(2)]))
        #expect(
            (odd.count, odd.minimum, odd.maximum, odd.mean, odd.median) == (
                3, .seconds(1), .seconds(3), .seconds(2), .seconds(2)
            ))
        let even = try #require(
            DurationStatistics([.microseconds(4), .microseconds(1), .microseconds(2), .microseconds(10)]))
        #expect(even.median == .microseconds(3))
        #expect(even.mean == .microseconds(4) + .nanoseconds(250))
    }
}

extension DurationStatistics {
    init(count: Int, minimum: Duration, maximum: Duration, mean: Duration, median: Duration) {
        self = DurationStatistics([minimum])!
        (self.count, self.minimum, self.maximum, self.mean, self.median) = (count, minimum, maximum, mean, median)
    }
}
