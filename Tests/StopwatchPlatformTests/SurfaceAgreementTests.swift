import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// A property test on the fake clock: for random cycles driven by random pauses, `next`s, time
/// added, suspends and reboots, every surface (the line, a table row, the bars, the templates,
/// the JSON, the window title's time) tells the same phase, time left, status and end as the
/// Core's one reading, and the Core's next event (`StopwatchState.nextEvent`) is never later than
/// the first change a surface shows.
@Suite struct SurfaceAgreementTests {
    static func plan(_ random: inout SplitMix64) -> PhaseSequence {
        let labels = ["work", "rest", "read", "long-break"]
        let phases = (0..<Int.random(in: 1...3, using: &random)).map { index in
            Phase(labels[index], .milliseconds(Int64.random(in: 500...90_000, using: &random)))
        }
        var plan = PhaseSequence(
            phases: phases, rounds: Bool.random(using: &random) ? Int.random(in: 1...3, using: &random) : nil)
        if Bool.random(using: &random), let label = phases.randomElement(using: &random)?.label {
            plan.waitsBefore = [label]
        }
        return plan
    }

    @Test(arguments: 0..<40)
    func everySurfaceTellsTheReading(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7919)
        let clock = ManualTimeSource()
        let mapper = StopwatchUIMapper(zone: ManualTimeZone())
        var state = StopwatchState.cycle(StopwatchName("focus")!, sequence: Self.plan(&random), startedAt: clock.now())
        for step in 0..<60 {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: state = (try? state.paused(at: clock.now())) ?? state
            case 1, 2: state = (try? state.resumed(at: clock.now())) ?? state
            case 3: state = (try? state.nexted(at: clock.now())) ?? state
            case 4:
                state =
                    state.addingTime(.milliseconds(Int64.random(in: -20_000...20_000, using: &random)), at: clock.now())
                    ?? state
            case 5: clock.suspend(for: .milliseconds(Int64.random(in: 1...60_000, using: &random)))
            case 6: clock.reboot(after: .milliseconds(Int64.random(in: 1...60_000, using: &random)))
            default: clock.advance(by: .microseconds(Int64.random(in: 1...20_000_000, using: &random)))
            }
            let now = clock.now()
            let context = "seed \(seed) step \(step)"
            try check(state, at: now, mapper: mapper, context)
            // Nothing a surface shows changes before the Core's next event, which `--follow` and
            // every waiter wake for.
            let view = mapper.viewState(state, at: now)
            if let delay = state.nextEvent(at: now, step: .seconds(1)), delay > .microseconds(1) {
                let format = StatusView.Format.template(
                    try StatusTemplate(
                        parsing: "{text} {phase} {phase_index} {round} {status} {phase_left_s} {phase_percent} {over_s}"
                    ))
                let before = StatusView.text(view, format: format)
                let later = TimeReading(
                    wall: now.wall + delay - .microseconds(1), boot: now.boot + delay - .microseconds(1),
                    bootSession: now.bootSession, asleep: now.asleep)
                #expect(
                    StatusView.text(mapper.viewState(state, at: later), format: format) == before,
                    "\(context): changed before the next change, \(delay)")
            }
        }
    }

    /// Every surface of `state` at `now` against the Core's reading.
    func check(_ state: StopwatchState, at now: TimeReading, mapper: StopwatchUIMapper, _ context: String) throws {
        guard let reading = state.progress(at: now).phase, case let end = reading.planEnd else {
            Issue.record("\(context): not a cycle's reading")
            return
        }
        let view = mapper.viewState(state, at: now)
        let finished = end?.isExpired == true
        let status = StopwatchLineComposer.statusWord(view)
        let expectedStatus =
            finished
            ? "ended"
            : state.status == .running
                ? (reading.isWaiting ? "waiting" : "running") : state.status == .paused ? "paused" : "initial"
        #expect(status == expectedStatus, "\(context)")
        let line = StopwatchLineComposer.line(view)
        let row = StopwatchLineComposer.table([view])[1]
        let json = StatusView.text(view, format: .json)
        let waybar = StatusView.text(view, format: .bar(.waybar))
        func field(_ name: String) throws -> String {
            StatusView.text(view, format: .template(try StatusTemplate(parsing: "{\(name)}"))).dropLast().description
        }
        #expect(line.contains(" \(status) ") && row.contains(status), "\(context): \(line) | \(row)")
        if finished { return }
        // The phase, its round and its time left, as the reading has them.
        let leftMicroseconds = DurationTextMapper.left(
            duration: reading.phase.duration.wholeMicroseconds, elapsed: reading.inPhase.wholeMicroseconds, unit: 1)
        let leftSeconds = DurationTextMapper.left(
            duration: reading.phase.duration.wholeMicroseconds, elapsed: reading.inPhase.wholeMicroseconds,
            unit: 1_000_000)
        #expect(try field("phase") == reading.phase.label, "\(context)")
        #expect(
            try field("round") == PhaseViewState.position(number: reading.round, count: reading.rounds), "\(context)")
        #expect(
            try field("phase_index") == PhaseViewState.position(number: reading.index + 1, count: reading.count),
            "\(context)")
        #expect(
            json.contains(#""label":"\#(reading.phase.label)""#)
                && json.contains(#""remainingMicroseconds":\#(leftMicroseconds),"#), "\(context): \(json)")
        // Each at its precision by the one rule: the length less the time in the phase, each truncated.
        func left(_ unit: Int64) -> Int64 {
            DurationTextMapper.left(
                duration: reading.phase.duration.wholeMicroseconds, elapsed: reading.inPhase.wholeMicroseconds,
                unit: unit)
        }
        let time =
            reading.isWaiting
            ? DurationTextMapper().clock(reading.overtime)
            : DurationTextMapper().clock(.microseconds(left(10_000) * 10_000))
        let prefix =
            reading.phase.label + " " + PhaseViewState.position(number: reading.round, count: reading.rounds) + " "
        for surface in [line, row] {
            #expect(surface.contains(prefix + time), "\(context): \(surface) has \(prefix + time)")
        }
        let seconds =
            reading.isWaiting
            ? StopwatchLineComposer.wholeSeconds(reading.overtime.wholeMicroseconds)
            : StopwatchLineComposer.wholeSeconds(leftSeconds * 1_000_000)
        let text = try field("text")
        #expect(
            text.contains(reading.phase.label + " " + seconds + (reading.isWaiting ? " over" : " left")),
            "\(context): \(text)")
        #expect(
            waybar.contains(#""text":"focus "#) && waybar.contains(reading.phase.label + " " + seconds),
            "\(context): \(waybar)")
        // The share and the end of the phase, on the bar as in the templates.
        let percent =
            reading.isWaiting
            ? 100
            : DurationTextMapper.permille(
                duration: reading.phase.duration.wholeMicroseconds, elapsed: reading.inPhase.wholeMicroseconds,
                unit: 1_000_000, isExpired: false
            ) / 10
        #expect(
            try field("phase_percent") == String(percent) && waybar.contains(#""percentage":\#(percent),"#),
            "\(context): \(waybar)")
        let ends =
            state.status == .running && !reading.isWaiting
            ? mapper.localEnd(now.wall + reading.leftInPhase, now: now.wall) : ""
        #expect(try field("phase_ends") == ends, "\(context)")
        #expect(
            ends.isEmpty ? !waybar.contains(", ends") : waybar.contains(", ends \(ends)\""), "\(context): \(waybar)")
        #expect(StopwatchLineComposer.wholeSecondsLeft(view) == leftSeconds, "\(context): the window title's time")
        #expect(StatusView.text(view, format: .milliseconds) == "\(left(1000))\n", "\(context): --format ms")
    }
}
