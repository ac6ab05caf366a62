/// What every correction of history shares: under the lock, history and the stopwatches read, the
/// runs found (`RunLookup`), the change made with a new id at the time read there, then the runs
/// as they became published to the StateStore.
struct RunCorrection: Sendable {
    let history: any HistoryStore
    let stateStore: StateStore<RunHistory>
    let timeSource: any TimeSource
    let ids: any IDSource

    /// Runs `correct` on the runs as they are, and commits the events and stopwatch writes it
    /// returns as one change made by `command`; publishes the runs it returns.
    @discardableResult
    func run(
        _ command: HistoryChange.Kind,
        _ correct: (RunLookup, StopwatchListing, TimeReading) throws -> (
            events: [HistoryEvent], writes: [StopwatchWrite], shown: [RunRecord]
        )
    ) throws -> [RunRecord] {
        var shown: [RunRecord] = []
        try history.update { log, listing in
            let now = timeSource.now()
            let lookup = RunLookup(log, stopwatches: listing.stopwatches, on: listing.machine, at: now)
            let made = try correct(lookup, listing, now)
            shown = made.shown
            return HistoryCommit(
                change: HistoryChange(id: ids.next(), madeAt: now.wall, kind: command, events: made.events),
                stopwatches: made.writes)
        }
        stateStore.update(RunHistory(runs: shown))
        return shown
    }
}

/// How a correction moves a run's start or end: to a moment, or by a duration (later when
/// positive).
public enum TimeCorrection: Sendable, Hashable {
    /// To that moment.
    case to(Moment)
    /// By that long (earlier when negative).
    case by(Duration)

    /// The instant it gives an instant `from` (a run's start or end), told at `now` in `zone`.
    func instant(from: Duration, now: Duration, in zone: any LocalTimeZone) -> Duration {
        switch self {
        case .to(let moment): moment.resolved(atOrBefore: now, in: zone)
        case .by(let amount): from + amount
        }
    }

    var isBare: Bool {
        if case .to(let moment) = self { return moment.isBare }
        return false
    }
}
