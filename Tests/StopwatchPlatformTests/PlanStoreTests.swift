import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `cycle --save` and `--plan` through the `PlanStore` port, on the fakes: what is saved is the
/// plan as typed, and what is read back starts the same cycle; no file is involved.
@Suite struct PlanStoreTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let plans = InMemoryPlanStore()
    let output = RecordingOutput()
    let messages = RecordingOutput()

    func run(_ arguments: [String]) -> ExitCode {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(), output: output,
            messages: messages,
            plans: plans)
        return CommandRunner(output: output, messages: messages, makeContainer: { container }).run(arguments)
    }

    @Test func aPlanSavedIsKeptAsTypedAndStartsTheSameCycle() throws {
        #expect(run(["cycle", "deep", "work=90m", "rest=20m", "--rounds", "2", "--save", "deep"]) == .success)
        let text = try #require(try plans.load(StopwatchName("deep")!))
        #expect(PlanFileStore.words(of: text) == ["work=90m", "rest=20m", "--rounds", "2"])
        let saved = try #require(try store.load(StopwatchName("deep")!))

        #expect(run(["cycle", "again", "--plan", "deep"]) == .success)
        let again = try #require(try store.load(StopwatchName("again")!))
        #expect(again.plan == saved.plan)
        #expect(try plans.names() == [StopwatchName("deep")!])
    }

    @Test func aPlanNotSavedIsRefusedWithTheSavedOnesNamedAndNothingStarted() throws {
        try plans.save(StopwatchName("deep")!, text: "work=90m rest=20m\n")
        #expect(run(["cycle", "c", "--plan", "shallow"]) == .usage)
        #expect(messages.text.contains("shallow"))
        #expect(messages.text.contains("deep"))
        #expect(try store.load(StopwatchName("c")!) == nil)
    }

    /// Issue "Release 0.5.0", item 7: a saved plan saved again under another name, with the
    /// options typed beside it in place of its own.
    @Test func aPlanIsSavedUnderAnotherNameAsItRuns() throws {
        try plans.save(StopwatchName("deep")!, text: "work=90m rest=20m --rounds 2\n")
        #expect(run(["cycle", "c", "--plan", "deep", "--rounds", "3", "--save", "deep2"]) == .success)
        let copy = try #require(try plans.load(StopwatchName("deep2")!))
        #expect(PlanFileStore.words(of: copy) == ["work=90m", "rest=20m", "--rounds", "3"])
        #expect(try plans.load(StopwatchName("deep")!) == "work=90m rest=20m --rounds 2\n", "the first as it was")
        messages.clear()
        #expect(run(["cycle", "d", "--plan", "deep", "--save", "deep2"]) == .usage)
        #expect(messages.text.contains("'deep2' is saved already"))
        #expect(try store.load(StopwatchName("d")!) == nil, "refused before anything started")
    }

    @Test func aPlanSavedAgainUnderItsNameIsRefusedAndTheFirstKept() throws {
        try plans.save(StopwatchName("deep")!, text: "work=90m rest=20m\n")
        #expect(run(["cycle", "c", "work=1m", "rest=1m", "--save", "deep"]) != .success)
        #expect(try plans.load(StopwatchName("deep")!) == "work=90m rest=20m\n")
    }
}
