import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// What `run` prints when its command ends, and how it writes a command line.
@Suite struct TimedRunViewTests {
    func state(status: Int32 = 0, signal: Int32? = nil) -> TimedRunViewState {
        let elapsed = Duration.microseconds(62_345_678)
        let durations = DurationTextMapper()
        return TimedRunViewState(
            commandLine: "make -j4",
            arguments: ["make", "-j4"],
            elapsed: durations.viewState(elapsed),
            status: status,
            signal: signal
        )
    }

    @Test func everyFormat() {
        #expect(TimedRunView.text(state(), format: .human) == "make -j4 took 01:02.34\n")
        #expect(TimedRunView.text(state(status: 2), format: .human) == "make -j4 took 01:02.34 (exit status 2)\n")
        #expect(
            TimedRunView.text(state(status: 143, signal: 15), format: .human)
                == "make -j4 took 01:02.34 (killed by signal 15)\n")
        #expect(TimedRunView.text(state(), format: .milliseconds) == "62345\n")
        #expect(TimedRunView.text(state(), format: .seconds) == "62.345\n")
        #expect(
            TimedRunView.text(state(status: 143, signal: 15), format: .json)
                == #"{"command":["make","-j4"],"elapsedMicroseconds":62345678,"elapsedMilliseconds":62345,"exitStatus":143,"signal":15,"stopwatch":null}"#
                + "\n")
        #expect(
            TimedRunView.text(state(), format: .json).hasSuffix(
                #""exitStatus":0,"signal":null,"stopwatch":null}"# + "\n"))
        #expect(TimedRunView.text(state(), format: .quiet) == "")
    }

    @Test func commandLinesAreQuotedOnlyWhereAShellWouldNeedIt() {
        #expect(RunSession.commandLine(["make", "-j4", "CC=clang", "src/a.c"]) == "make -j4 CC=clang src/a.c")
        #expect(RunSession.commandLine(["sh", "-c", "exit 7"]) == "sh -c 'exit 7'")
        #expect(RunSession.commandLine(["echo", "it's", ""]) == #"echo 'it'\''s' ''"#)
    }

    @Test func controlCharactersInACommandLineAreEscapedAsAShellReadsThem() {
        #expect(RunSession.commandLine(["printf", "a\tb\n"]) == #"printf $'a\tb\n'"#)
        #expect(RunSession.commandLine(["echo", "\u{1B}[31mred it's\\"]) == #"echo $'\x1B[31mred it\'s\\'"#)
        #expect(RunSession.commandLine(["echo", "a\u{2028}b"]) == #"echo $'a\u2028b'"#)
    }

    @Test func theDefaultLabelIsTheCommandLineWithinTheLabelRules() {
        #expect(RunSession.label(from: "make -j4") == "make -j4")
        #expect(RunSession.label(from: RunSession.commandLine(["printf", "a\tb"])) == #"printf $'a\tb'"#)
        let long = RunSession.label(from: String(repeating: "x", count: 300))
        #expect(long.count == Lap.maximumLabelLength && long.hasSuffix("…"))
    }
}
