import StopwatchCore
@testable import StopwatchPlatform
import Testing

@Suite struct StopwatchLineComposerTests {
    let durations = DurationTextMapper()

    func stopwatch(_ name: String = "build", status: DisplayStatus = .running, laps: Int = 3) -> StopwatchViewState {
        StopwatchViewState(
            name: name, status: status, elapsed: durations.viewState(.milliseconds(309_240)), isEstimated: false,
            lapCount: laps, latestLap: nil, startedAt: nil, countdown: nil
        )
    }

    func countdown(_ name: String = "tea", expired: Bool = false) -> StopwatchViewState {
        var state = stopwatch(name, status: expired ? .expired : .running, laps: 0)
        state.countdown = CountdownViewState(
            duration: durations.remainingViewState(.seconds(300)),
            remaining: durations.remainingViewState(expired ? .zero : .milliseconds(190_760)),
            overtime: durations.viewState(expired ? .milliseconds(3_210) : .zero),
            isExpired: expired, expiresAt: nil, endsAt: "17:30", progressPermille: expired ? 1000 : 364
        )
        return state
    }

    @Test func oneWordingForEveryCountdownSurface() {
        #expect(StopwatchLineComposer.line(countdown()) == "tea: running 03:10.76 left of 05:00.00")
        #expect(StopwatchLineComposer.line(countdown(expired: true)) == "tea: expired 00:03.21 ago (countdown of 05:00.00)")
        let table = StopwatchLineComposer.table([countdown(), countdown("egg", expired: true)])
        #expect(table == [
            "NAME  STATUS            TIME  LAPS",
            "tea   running  03:10.76 left     0",
            "egg   expired   00:03.21 ago     0",
        ])
    }

    /// At every width: never wider than the window (from the time's own width up), the time whole,
    /// and from 16 columns up a countdown's time with its word.
    @Test(arguments: 8...100)
    func atEveryWidthWholePartsDropAndNothingIsCut(width: Int) {
        for state in [stopwatch(), countdown(), countdown(expired: true)] {
            let line = StopwatchLineComposer.line(state, .init(endTime: true, progress: true, hint: "press r again to reset"), width: width)
            #expect(line.count <= width, "\(width): \(line)")
            #expect(line.contains(StopwatchLineComposer.bareTime(state)), "\(width): \(line)")
            if width >= StopwatchLineComposer.narrowWidth {
                #expect(line.contains(StopwatchLineComposer.time(state)), "\(width): \(line) keeps left/ago")
            }
            if line.contains("[") { #expect(line.contains("%") && line.contains("]"), "a bar whole: \(line)") }
        }
        let rows = StopwatchLineComposer.table([stopwatch(), countdown(), countdown("egg", expired: true)], progress: true, width: width)
        for row in rows.dropFirst() {
            #expect(row.count <= max(width, 12), "\(width): \(row)")
            #expect(row.contains("03:10.76") || row.contains("05:09.24") || row.contains("00:03.21"), "\(width): \(row)")
            if width >= StopwatchLineComposer.narrowWidth, !row.contains("05:09.24") {
                #expect(row.contains(" left") || row.contains(" ago"), "\(width): \(row)")
            }
            if row.contains("[") { #expect(row.hasSuffix("%"), "\(width): \(row)") }
        }
    }

    @Test func aNarrowTableLeavesOutWholeColumnsBarFirstTimeLast() {
        let states = [stopwatch(), countdown()]
        let wide = StopwatchLineComposer.table(states, progress: true, width: 80)
        #expect(wide[2].hasSuffix("[#######-------------] 36%"))
        let forty = StopwatchLineComposer.table(states, progress: true, width: 40)
        #expect(forty == ["NAME   STATUS            TIME  LAPS", "build  running       05:09.24     3", "tea    running  03:10.76 left     0"])
        let twenty = StopwatchLineComposer.table(states, progress: true, width: 20)
        #expect(twenty == ["NAME            TIME", "build       05:09.24", "tea    03:10.76 left"])
        #expect(StopwatchLineComposer.table(states, progress: true, width: 14) == ["         TIME", "     05:09.24", "03:10.76 left"])
    }

    @Test func aLapIsMarkedAsItsViewStateWasJudged() {
        var lap = LapViewState(
            number: 2, duration: durations.viewState(.milliseconds(500)), total: durations.viewState(.milliseconds(1_500)),
            label: "b", isBest: true, isWorst: false, recordedAt: ""
        )
        #expect(StopwatchLineComposer.lapLine("build", lap) == "build: lap 2 00:00.50 best (total 00:01.50) b")
        lap.isWorst = true
        #expect(StopwatchLineComposer.lapLine("build", lap) == "build: lap 2 00:00.50 (total 00:01.50) b", "both: all laps tie")
    }
}
