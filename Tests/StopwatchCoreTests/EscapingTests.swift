import StopwatchCore
import Testing

/// How messages repeat input, and the one rule for lap labels.
@Suite struct EscapingTests {
    @Test(arguments: [
        ("build", "build"),
        ("two\nlines", #"two\nlines"#),
        ("a\tb\rc", #"a\tb\rc"#),
        ("\u{1B}[31mred", #"\u{1B}[31mred"#),
        ("del\u{7F} c1\u{9B} nul\u{0}", #"del\u{7F} c1\u{9B} nul\u{0}"#),
        ("line\u{2028}para\u{2029}", #"line\u{2028}para\u{2029}"#),
        ("µs – ünïcödé 🙂", "µs – ünïcödé 🙂"),
        (#"back\slash"#, #"back\slash"#),
    ])
    func controlCharactersAreEscapedAndNothingElse(_ input: String, _ escaped: String) {
        #expect(input.escapingControlCharacters == escaped)
        #expect(input.escapingControlCharacters.escapingControlCharacters == escaped, "escaping twice changes nothing")
        #expect(input.quotedForMessage == "'\(escaped)'")
    }

    @Test(
        arguments: [
            ("compile", nil),
            ("", .empty),
            (String(repeating: "é", count: 256), nil),
            (String(repeating: "x", count: 257), .tooLong),
            ("a\tb", .controlCharacter),
            ("\u{1B}[2J", .controlCharacter),
            ("a\u{2028}b", .controlCharacter),
        ] as [(String, LabelProblem?)])
    func labelRule(_ label: String, _ problem: LabelProblem?) {
        #expect(Lap.problem(withLabel: label) == problem)
    }

    @Test func aLapIsRefusedAnInvalidLabelWhereverItComesFrom() throws {
        let clock = TimeReading(wall: .seconds(1), boot: .seconds(1), bootSession: BootSession("b"))
        let running = try StopwatchState.initial(.default).started(at: clock)
        #expect(throws: StopwatchError.invalidLabel("a\nb", .controlCharacter)) {
            try running.lapped(at: clock, label: "a\nb")
        }
    }
}
