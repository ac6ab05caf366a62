import StopwatchCore

/// Maps the Core's stopwatch entities to view states, reading elapsed time at a given instant.
public struct StopwatchUIMapper: Sendable {
    private let durations: DurationTextMapper

    public init(durations: DurationTextMapper = DurationTextMapper()) {
        self.durations = durations
    }

    public func viewState(_ state: StopwatchState, at now: TimeReading) -> StopwatchViewState {
        let elapsed = state.elapsed(at: now)
        return StopwatchViewState(
            name: state.name.rawValue,
            status: state.status.rawValue,
            elapsed: durations.viewState(elapsed.duration),
            isEstimated: elapsed.isEstimated,
            lapCount: state.lapCount,
            latestLap: state.latestLap.map { viewState($0) },
            startedAt: state.startedAt.map(RFC3339Timestamp.string(from:))
        )
    }

    /// `viewState` of the same `state` at a later `now`: only the elapsed time is mapped again, so a
    /// view refreshed every 10 ms does not rebuild the parts that cannot have changed.
    public func viewState(
        _ previous: StopwatchViewState,
        refreshedFor state: StopwatchState,
        at now: TimeReading
    ) -> StopwatchViewState {
        let elapsed = state.elapsed(at: now)
        var viewState = previous
        viewState.elapsed = durations.viewState(elapsed.duration)
        viewState.isEstimated = elapsed.isEstimated
        return viewState
    }

    public func viewState(_ history: LapHistory) -> LapsViewState {
        guard let statistics = LapStatistics(history.laps) else {
            return LapsViewState(name: history.name.rawValue, laps: [], statistics: nil)
        }
        return LapsViewState(
            name: history.name.rawValue,
            laps: history.laps.map { lap in
                viewState(
                    lap,
                    isBest: statistics.bestLapNumbers.contains(lap.number),
                    isWorst: statistics.worstLapNumbers.contains(lap.number)
                )
            },
            statistics: LapStatisticsViewState(
                count: statistics.count,
                minimum: durations.viewState(statistics.minimum),
                maximum: durations.viewState(statistics.maximum),
                mean: durations.viewState(statistics.mean),
                median: durations.viewState(statistics.median)
            )
        )
    }

    public func viewState(_ listing: StopwatchListing, at now: TimeReading) -> StopwatchListViewState {
        StopwatchListViewState(
            stopwatches: listing.stopwatches.map { viewState($0, at: now) },
            unreadableCount: listing.failures.count
        )
    }

    private func viewState(_ lap: Lap, isBest: Bool = false, isWorst: Bool = false) -> LapViewState {
        LapViewState(
            number: lap.number,
            duration: durations.viewState(lap.duration),
            total: durations.viewState(lap.total),
            label: lap.label,
            isBest: isBest,
            isWorst: isWorst,
            recordedAt: RFC3339Timestamp.string(from: lap.recordedAt)
        )
    }
}
