import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// A saved plan's words, written and read back as a shell would read them.
@Suite struct PlanWordsTests {
    @Test(arguments: [
        ["work=90m", "rest=20m", "--rounds", "2"],
        ["work=1m", "--exec", "echo it's done # now", "--tag", "a"],
        ["--exec", "printf '%s\\n' \"$STOPWATCH_PHASE\" >> log", "--exec", ""],
        ["--exec", "a\tb\nc\\d"],
    ])
    func wordsReadBackAsWritten(_ words: [String]) {
        #expect(PlanFileStore.words(of: PlanFileStore.text(of: words)) == words)
        #expect(
            PlanFileStore.words(of: "# a comment\n" + PlanFileStore.text(of: words) + "  # and one after\n") == words)
    }

    @Test func aPlanWrittenByHandReadsAsBefore() {
        #expect(
            PlanFileStore.words(of: "# my mornings\nwork=45m   rest=15m  # shorter\n--rounds 2\n") == [
                "work=45m", "rest=15m", "--rounds", "2",
            ])
    }
}
