import StopwatchCore
import Testing

@Suite struct PhaseSequenceTests {
    let minute = Duration.seconds(60)

    @Test func thePomodoroHasALongBreakInPlaceOfEveryFourthBreak() {
        let plan = PhaseSequence.pomodoro
        let labels = (0..<10).map { plan.phase($0).label }
        #expect(labels == ["work", "break", "work", "break", "work", "break", "work", "long-break", "work", "break"])
        #expect(plan.phase(7).duration == minute * 15)
        #expect(plan.phaseCount == nil && plan.totalDuration == nil, "until stopped")
    }

    @Test func progressFollowsFromTheElapsedTimeAlone() {
        let plan = PhaseSequence(phases: [Phase("work", minute * 25), Phase("rest", minute * 5)], rounds: 2)
        #expect(plan.totalDuration == minute * 60)
        let start = plan.progress(elapsed: .zero)
        #expect(start.index == 0 && start.phase.label == "work" && start.leftInPhase == minute * 25 && start.round == 1)
        #expect(start.leftInPlan == minute * 60 && start.nextLabel == "rest" && !start.isFinished)
        // A microsecond before the edge, still work; at the edge, rest.
        #expect(plan.progress(elapsed: minute * 25 - .microseconds(1)).phase.label == "work")
        let rest = plan.progress(elapsed: minute * 25)
        #expect(
            rest.index == 1 && rest.phase.label == "rest" && rest.inPhase == .zero && rest.leftInPhase == minute * 5)
        let second = plan.progress(elapsed: minute * 31)
        #expect(second.index == 2 && second.round == 2 && second.inPhase == minute && second.leftInPlan == minute * 29)
        let last = plan.progress(elapsed: minute * 58)
        #expect(last.index == 3 && last.nextLabel == nil && last.leftInPhase == minute * 2 && !last.isFinished)
    }

    @Test func afterTheLastPhaseItIsFinishedWithOvertime() {
        let plan = PhaseSequence(phases: [Phase("a", .seconds(10)), Phase("b", .seconds(5))], rounds: 1)
        let atEnd = plan.progress(elapsed: .seconds(15))
        #expect(
            atEnd.isFinished && atEnd.index == 1 && atEnd.leftInPhase == .zero && atEnd.overtime == .zero
                && atEnd.leftInPlan == .zero)
        let over = plan.progress(elapsed: .seconds(18))
        #expect(over.isFinished && over.overtime == .seconds(3) && over.end == .seconds(15))
    }

    @Test func aRunLeftGoingForAYearIsReadInWholeCycles() {
        let plan = PhaseSequence.pomodoro
        // One cycle: four rounds of 25 + 5, the fourth break long: 2 h 10 min.
        let cycle = Duration.seconds(4 * 30 * 60 + 10 * 60)
        let year = Duration.seconds(365 * 86_400)
        let cycles = Int(year / cycle)
        let progress = plan.progress(elapsed: cycle * cycles + minute * 26)
        #expect(progress.index == cycles * 8 + 1 && progress.phase.label == "break" && progress.inPhase == minute)
        #expect(progress.round == cycles * 4 + 1)
    }

    @Test func nextMovesTheAnchorAndTheRestFollowsFromIt() {
        let plan = PhaseSequence(phases: [Phase("work", minute * 25), Phase("rest", minute * 5)], rounds: 2)
        // `next` at 10 minutes of work: rest begins then, and the whole run ends 15 minutes early.
        let anchor = PhaseAnchor(index: 1, at: minute * 10)
        let rest = plan.progress(elapsed: minute * 12, from: anchor)
        #expect(rest.phase.label == "rest" && rest.inPhase == minute * 2 && rest.end == minute * 45)
        #expect(plan.progress(elapsed: minute * 15, from: anchor).index == 2)
        #expect(plan.progress(elapsed: minute * 45, from: anchor).isFinished)
    }

    @Test func labelsArePlainWords() {
        #expect(Phase.problem(withLabel: "work") == nil && Phase.problem(withLabel: "long-break_2") == nil)
        #expect(Phase.problem(withLabel: "") == .empty)
        #expect(Phase.problem(withLabel: String(repeating: "a", count: 33)) == .tooLong)
        for bad in ["2nd", "a b", "tab\there", "é", "-x"] {
            #expect(Phase.problem(withLabel: bad) == .notAWord, "\(bad)")
        }
    }
}
