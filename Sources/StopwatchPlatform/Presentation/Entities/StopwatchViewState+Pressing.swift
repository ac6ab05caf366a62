extension StopwatchViewState {
    /// The running and paused ones, most pressing first: expired countdowns and cycles waiting for
    /// a person, then countdowns by time left, then running stopwatches, then paused ones; by
    /// name within each. The one rule of which stopwatch a bar shows: `list --format`, `toggle
    /// --shown` and `today`'s bars all take the first.
    static func mostPressing(_ stopwatches: [StopwatchViewState]) -> [StopwatchViewState] {
        func rank(_ state: StopwatchViewState) -> (group: Int, left: Int64) {
            switch (state.status, state.countdown) {
            case (.expired, _), (.waiting, _): (0, 0)
            case (.running, let countdown?): (1, countdown.remaining.microseconds)
            case (.running, nil): (2, 0)
            case (.paused, let countdown?): (3, countdown.remaining.microseconds)
            default: (4, 0)
            }
        }
        // Each ranked once, not at every comparison: a bar sorts its listing every second.
        let shown = stopwatches.filter { $0.status != .initial }
        let ranks = shown.map(rank)
        return shown.indices.sorted {
            (ranks[$0].group, ranks[$0].left, shown[$0].name) < (ranks[$1].group, ranks[$1].left, shown[$1].name)
        }.map { shown[$0] }
    }

    /// The one a bar or template shows and the others it counts, or nil when none runs or is paused.
    static func pressing(_ stopwatches: [StopwatchViewState]) -> (
        shown: StopwatchViewState, others: [StopwatchViewState]
    )? {
        let ranked = mostPressing(stopwatches)
        return ranked.first.map { ($0, Array(ranked.dropFirst())) }
    }
}
