import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// `laps --csv` and `--json` made as bytes are what the values would make, byte for byte.
@Suite struct LapsBytesTests {
    @Test func theBytesAreWhatTheValuesMake() {
        let durations = DurationTextMapper()
        let laps = [(1, 1_500, "compile, \"quoted\"\n"), (2, 250_000, ""), (3, 999, "naïve ✓")].enumerated().map {
            index, lap in
            LapViewState(
                number: lap.0, duration: durations.viewState(.microseconds(Int64(lap.1))),
                total: durations.viewState(.microseconds(Int64(lap.1 * (index + 1)))),
                label: lap.2.isEmpty ? nil : lap.2, isBest: index == 2, isWorst: index == 1,
                recordedAtInstant: .microseconds(1_795_598_100_123_456 + Int64(index) * 86_400_000_000)
            )
        }
        let state = LapsViewState(name: "build", laps: laps, statistics: nil)
        #expect(
            LapsDocument(viewState: state).bytes
                == Array(JSONDocumentEncoder.text(LapsDocument(viewState: state).json).utf8))
        var old = LapsView.csvHeader
        for lap in laps {
            old +=
                "\(lap.number),\(lap.duration.milliseconds),\(lap.total.milliseconds),"
                + "\(LapsView.csvField(lap.label ?? "")),\(lap.isBest),\(lap.isWorst),\(lap.recordedAt)\n"
        }
        #expect(LapsView.csv(state) == Array(old.utf8))
    }
}
