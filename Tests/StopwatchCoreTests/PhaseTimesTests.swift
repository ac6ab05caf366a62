import StopwatchCore
import StopwatchTestSupport
import Testing

/// A cycle's record tells each phase planned against actual: the time each took, read from its
/// elapsed time and every `next`, on the fake clock.
@Suite struct PhaseTimesTests {
    let name = StopwatchName("focus")!
    let clock = ManualTimeSource()
    let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 3)

    /// The time each phase took, its wait after it included.
    func times(_ state: StopwatchState) -> [Duration] {
        (state.record(endedAt: clock.now())?.phaseTimes ?? []).map { $0.ran + $0.waited }
    }

    func phases(_ state: StopwatchState) -> [PhaseTime] {
        state.record(endedAt: clock.now())?.phaseTimes ?? []
    }

    @Test func phasesThatRanTheirLengthsTookThemAndTheLastHasItsTimeSoFar() throws {
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(100))
        #expect(times(state) == [.seconds(60), .seconds(30), .seconds(10)])
    }

    @Test func nextEndsAPhaseEarlyAndThePhasesAfterItFollowFromThere() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(20))
        state = try state.nexted(at: clock.now())  // work took 20 s
        clock.advance(by: .seconds(30 + 60 + 5))  // rest 30, work 60, rest 5 so far
        state = try state.nexted(at: clock.now())  // rest took 5 s
        clock.advance(by: .seconds(7))
        #expect(times(state) == [.seconds(20), .seconds(30), .seconds(60), .seconds(5), .seconds(7)])
        #expect(state.earlierAnchors == [PhaseAnchor(index: 1, at: .seconds(20))])
    }

    @Test func aPauseIsNotAPhasesTime() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(50))
        state = try state.paused(at: clock.now())
        clock.advance(by: .seconds(600))
        state = try state.resumed(at: clock.now())
        clock.advance(by: .seconds(15))
        #expect(times(state) == [.seconds(60), .seconds(5)])
    }

    @Test func aWaitForAPersonIsKeptApartAfterThePhaseBeforeIt() throws {
        let waiting = PhaseSequence(
            phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 2, waitsBefore: ["work"])
        var state = StopwatchState.cycle(name, sequence: waiting, startedAt: clock.now())
        clock.advance(by: .seconds(60 + 30 + 45))  // rest ended at 90 s; work waits for `next`
        #expect(
            phases(state) == [PhaseTime(ran: .seconds(60)), PhaseTime(ran: .seconds(30), waited: .seconds(45))],
            "still waiting: the wait so far")
        state = try state.nexted(at: clock.now())
        clock.advance(by: .seconds(10))
        #expect(
            phases(state) == [
                PhaseTime(ran: .seconds(60)), PhaseTime(ran: .seconds(30), waited: .seconds(45)),
                PhaseTime(ran: .seconds(10)),
            ])
        let run = try #require(state.record(endedAt: clock.now()))
        #expect(run.elapsed == .seconds(100) && run.overtime == .zero, "a wait books nothing, as a pause books nothing")
    }

    @Test func aFinishedCycleItsLastPhaseTookItsLengthNotTheTimeAfter() throws {
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(3 * 90 + 40))
        #expect(times(state) == [.seconds(60), .seconds(30), .seconds(60), .seconds(30), .seconds(60), .seconds(30)])
    }

    @Test func onlyTheFirstPhasesAreItemizedAndTheStateKeepsOnlyTheirAnchors() throws {
        let endless = PhaseSequence(phases: [Phase("a", .seconds(1))])
        var state = StopwatchState.cycle(name, sequence: endless, startedAt: clock.now())
        for _ in 0..<100 {
            clock.advance(by: .milliseconds(500))
            state = try state.nexted(at: clock.now())
        }
        #expect(state.phaseAnchor?.index == 100)
        #expect(state.earlierAnchors.count == PhaseSequence.itemizedPhases, "anchors of phases 1 to 64 only")
        let phaseTimes = times(state)
        #expect(phaseTimes.count == PhaseSequence.itemizedPhases)
        #expect(phaseTimes.allSatisfy { $0 == .milliseconds(500) })
        let leftGoing = StopwatchState.cycle(name, sequence: endless, startedAt: clock.now())
        clock.advance(by: .seconds(86_400 * 30))
        #expect(times(leftGoing).count == PhaseSequence.itemizedPhases, "a cycle left going for a month")
        #expect(state.reset().earlierAnchors.isEmpty && state.restarted(at: clock.now()).earlierAnchors.isEmpty)
    }

    @Test func aStopwatchOrACountdownHasNoPhaseTimes() throws {
        let stopwatch = try StopwatchState.initial(name).started(at: clock.now())
        let countdown = try StopwatchState.initial(name, plan: .countdown(.seconds(60))).started(at: clock.now())
        clock.advance(by: .seconds(5))
        #expect(times(stopwatch).isEmpty && times(countdown).isEmpty)
    }
}
