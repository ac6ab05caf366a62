import StopwatchCore
import StopwatchTestSupport
import Testing

/// The one duration grammar: every accepted form, every class of error, and the round trip.
@Suite struct DurationSyntaxTests {
    @Test(
        arguments: [
            ("90", Duration.seconds(90)),
            ("0.3", .milliseconds(300)),
            ("90s", .seconds(90)),
            ("1m30s", .seconds(90)),
            ("1h2m3.5s", .milliseconds(3_723_500)),
            ("250ms", .milliseconds(250)),
            ("1.5h", .seconds(5400)),
            ("1:30", .seconds(90)),
            ("01:02:03", .seconds(3723)),
            ("0:00:01.25", .milliseconds(1250)),
            ("90:00", .seconds(5400)),
            ("2d3h", .seconds(2 * 86_400 + 3 * 3600)),
            ("25m", .seconds(1500)),
            ("1s500ms", .milliseconds(1500)),
            ("1ms5us", .microseconds(1005)),
            ("7µs", .microseconds(7)),
            (".5s", .milliseconds(500)),
            ("1.0000009s", .microseconds(1_000_000)),
            ("36525d", .seconds(36_525 * 86_400)),
            ("5min", .seconds(300)),
            ("1hr30min", .seconds(5400)),
            ("2 hours", .seconds(7200)),
            ("1h 30m", .seconds(5400)),
            ("1 hour 30 minutes 5 seconds", .seconds(5405)),
            ("3 secs", .seconds(3)),
            ("2w", .seconds(14 * 86_400)),
            ("1 week 2 days", .seconds(9 * 86_400)),
            ("1.5 weeks", .seconds(907_200)),
            ("1d", .seconds(86_400)),
            ("2 days", .seconds(172_800)),
            ("1 sec 500 msec", .milliseconds(1500)),
            ("3usec", .microseconds(3)),
            ("4μs", .microseconds(4)),
            (" 5s ", .seconds(5)),
            ("1 m", .seconds(60)),
        ] as [(String, Duration)])
    func accepts(_ text: String, _ expected: Duration) throws {
        #expect(try DurationSyntax.parse(text) == expected)
    }

    @Test(arguments: [
        ("", DurationSyntaxError.Reason.empty),
        ("0", .zero),
        ("0s", .zero),
        ("00:00", .zero),
        ("0.0000001s", .zero),
        ("-5s", .negative),
        ("-1:00", .negative),
        ("5x", .unknownUnit("x")),
        ("5minuets", .unknownUnit("minuets")),
        ("3S", .unknownUnit("S")),
        ("5 Min", .unknownUnit("Min")),
        ("1m30", .missingUnit("30")),
        ("30s1m", .unitOutOfOrder("m")),
        ("1m1m", .unitOutOfOrder("m")),
        ("36525d1us", .tooLong),
        ("101y", .unknownUnit("y")),
        ("999999999999999999999s", .tooLong),
        ("9999999999999h", .tooLong),
        ("1:60", .partOutOfRange("60")),
        ("1:00:75", .partOutOfRange("75")),
        ("1:2:3:4", .malformed),
        ("1:", .malformed),
        (":30", .malformed),
        ("1.5:00", .malformed),
        ("abc", .malformed),
        ("+5s", .malformed),
        ("1.2.3s", .malformed),
        (".", .malformed),
        ("s", .malformed),
        ("5s5", .missingUnit("5")),
        ("1 2", .malformed),
        ("1h 30m 1h", .unitOutOfOrder("h")),
        ("1 hour hour", .malformed),
    ])
    func refuses(_ text: String, _ reason: DurationSyntaxError.Reason) {
        let error = #expect(throws: DurationSyntaxError.self) { try DurationSyntax.parse(text) }
        #expect(error?.input == text)
        #expect(error?.reason == reason)
    }

    @Test(arguments: [
        ("5x", "5m"),
        ("5mni", "5min"),
        ("5 minuets", "5 minutes"),
        ("3S", "3s"),
        ("2 Hours", "2 hours"),
        ("1h30x", "1h30m"),
        ("1m30", "1m30s"),
        ("1h30", "1h30m"),
        ("30s1m", "1m30s"),
        ("1m1m", "2m"),
    ])
    func aMistakeSuggestsWhatWasMeant(_ text: String, _ suggestion: String) throws {
        let error = #expect(throws: DurationSyntaxError.self) { try DurationSyntax.parse(text) }
        #expect(error?.suggestion == suggestion)
        #expect(try DurationSyntax.parse(suggestion) > .zero, "the suggestion is a duration")
    }

    @Test(arguments: ["1y", "2 years", "3M", "1 month"])
    func calendarUnitsAreRefusedWithoutAGuess(_ text: String) throws {
        let error = #expect(throws: DurationSyntaxError.self) { try DurationSyntax.parse(text) }
        #expect(error?.suggestion == nil)
    }

    @Test(arguments: ["min", "minutes", "s", "sec", "hours", "h", "w", "days", "ms", "µs"])
    func unitWordsAreKnownAsUnits(_ word: String) {
        #expect(DurationSyntax.isUnit(word))
    }

    @Test(arguments: ["tea", "m1", "build", "hour1"])
    func namesAreNotUnits(_ word: String) {
        #expect(!DurationSyntax.isUnit(word))
    }

    @Test(arguments: [
        (Duration.seconds(90), "1m30s"),
        (.milliseconds(3_723_500), "1h2m3.5s"),
        (.milliseconds(250), "0.25s"),
        (.microseconds(1), "0.000001s"),
        (.seconds(2 * 86_400 + 3 * 3600), "2d3h"),
        (.seconds(3600), "1h"),
        (.zero, "0s"),
    ])
    func formats(_ duration: Duration, _ text: String) {
        #expect(DurationSyntax.format(duration) == text)
    }

    /// Formatting then parsing is the identity for every whole-microsecond duration in range:
    /// edges, then 20,000 drawn from a fixed seed (the same cases on every run).
    @Test func formatThenParseIsTheIdentity() throws {
        let maximum = DurationSyntax.maximum.wholeMicroseconds
        var samples: [Int64] = [
            1, 999, 1000, 999_999, 1_000_000, 59_999_999, 60_000_000, 3_599_999_999, 86_400_000_000, maximum - 1,
            maximum,
        ]
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<20_000 {
            // Spread over magnitudes: pick a bound of 10^1 to 10^16, then a value under it.
            let bound = min(maximum, Int64(pow10: Int(generator.next() % 16) + 1))
            samples.append(Int64.random(in: 1...bound, using: &generator))
        }
        for micros in samples {
            let duration = Duration.microseconds(micros)
            let text = DurationSyntax.format(duration)
            #expect(try DurationSyntax.parse(text) == duration, "\(micros) µs formatted as \(text)")
        }
    }
}

extension Int64 {
    fileprivate init(pow10 exponent: Int) {
        self = (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
