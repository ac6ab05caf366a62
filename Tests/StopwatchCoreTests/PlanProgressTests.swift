import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// The one reading of progress (`StopwatchState.progress(at:)`) of each plan on the fake clock:
/// what every surface renders, kept across a reset, a suspend and a reboot.
@Suite struct PlanProgressTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("run")!

    @Test func aStopwatchReadsOpenAndHasNoEnd() throws {
        let state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(90))
        #expect(state.progress(at: clock.now()) == .open && state.progress(at: clock.now()).phase == nil)
        #expect(state.progress(at: clock.now()).end == nil && !state.progress(at: clock.now()).isExpired)
        #expect(state.plan == .open && !state.hasEnd && !state.isCountdown && !state.isCycle)
    }

    @Test func aCountdownReadsItsTimeLeftThenItsOvertime() {
        let state = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now())
        clock.advance(by: .seconds(45))
        guard let progress = state.progress(at: clock.now()).end, state.progress(at: clock.now()).phase == nil else {
            Issue.record("not a countdown's reading")
            return
        }
        #expect(progress.remaining == .seconds(15) && progress.overtime == .zero && !progress.isExpired)
        clock.suspend(for: .seconds(20))
        let after = state.progress(at: clock.now())
        #expect(after.end?.overtime == .seconds(5) && after.isExpired, "the suspend counted")
        #expect(state.reset().plan == .countdown(.seconds(60)), "a reset keeps the plan")
    }

    @Test func aCycleReadsItsPhaseAndItsEndInOneReading() throws {
        let sequence = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 2)
        let state = StopwatchState.cycle(name, sequence: sequence, startedAt: clock.now())
        clock.advance(by: .seconds(70))
        let reading = state.progress(at: clock.now())
        guard let phase = reading.phase else {
            Issue.record("not a cycle's reading")
            return
        }
        let end = phase.planEnd
        #expect(reading.end == end, "the run's end is the cycle's")
        #expect(
            phase.phase.label == "rest" && phase.index == 1 && phase.leftInPhase == .seconds(20)
                && phase.nextLabel == "work")
        #expect(end?.duration == .seconds(180) && end?.remaining == .seconds(110) && phase.leftInPlan == .seconds(110))
        clock.reboot(after: .seconds(200))
        let finished = state.progress(at: clock.now())
        #expect(
            finished.isExpired && finished.end?.overtime == .seconds(90) && finished.end?.isEstimated == true,
            "estimated across the reboot")
        #expect(
            state.reset().plan == .sequence(sequence) && state.reset().status == .initial,
            "a reset starts the same plan over")
    }

    @Test func aCycleUntilStoppedHasNoEnd() {
        let state = StopwatchState.cycle(name, sequence: .pomodoro, startedAt: clock.now())
        clock.advance(by: .seconds(10 * 3600))
        let progress = state.progress(at: clock.now())
        guard let phase = progress.phase, phase.planEnd == nil, progress.end == nil else {
            Issue.record("a cycle until stopped read with an end")
            return
        }
        #expect(!progress.isExpired && phase.count == nil && phase.leftInPlan == nil)
    }

    @Test func addingTimeChangesACountdownsPlanAndNothingElse() throws {
        let countdown = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now())
        #expect(countdown.addingTime(.seconds(30), at: clock.now())?.plan == .countdown(.seconds(90)))
        #expect(
            StopwatchState.cycle(name, sequence: .pomodoro, startedAt: clock.now()).addingTime(
                .seconds(30), at: clock.now())?.plan == .sequence(.pomodoro),
            "a cycle's phase changes (PhaseExtensionTests), its plan does not"
        )
        #expect(
            try StopwatchState.initial(name).started(at: clock.now()).addingTime(.seconds(30), at: clock.now()) == nil)
    }
}
