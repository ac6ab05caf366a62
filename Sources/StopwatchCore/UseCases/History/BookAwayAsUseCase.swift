/// Books the last stretch nobody was there of a run in progress (a lock, an idle stretch, a
/// night asleep) as a run of another name
/// (`edit RUN --away-as lunch`): a run of that name from the stretch's start to its end, of the
/// time the run counted of it, and the stretch taken out of the run's away time (and its time,
/// where its policy counted it). One correction: `undo` takes back both. Refused when the run has
/// ended (its stretches' bounds are not kept in history), when it has no stretch booked since it
/// was last given one away, when it was lapped or its cycle's phase changed since the time the
/// stretch counted (those stand, as they do for a later start), when it runs on another
/// machine, or when the new run would overlap one of its name.
public struct BookAwayAsUseCase: Sendable {
    private let correction: RunCorrection

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, ids: any IDSource
    ) {
        correction = RunCorrection(history: history, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing. The
    /// run booked, then the run it came out of, as they became.
    @discardableResult
    public func execute(_ reference: RunReference, as other: StopwatchName) throws -> [RunRecord] {
        try correction.run(.edit) { lookup, listing, now in
            let run = try lookup.find(reference)
            guard let state = try listing.holder(of: run) else { throw StopwatchError.noAwayStretch(run.name) }
            guard let stretch = state.lastAway, let given = state.givingUpLastAway() else {
                throw StopwatchError.noAwayStretch(run.name)
            }
            if given.elapsed(at: now).duration < state.splitFloor {
                throw StopwatchError.awayBeforeSplit(run.name)
            }
            let booked = RunRecord(
                id: correction.ids.next(), name: other, plan: .open, startedAt: stretch.from, endedAt: stretch.to,
                elapsed: stretch.length, isEstimated: false, lapCount: 0)
            if let overlapped = lookup.overlapping(booked, start: booked.startedAt, end: booked.endedAt) {
                throw StopwatchError.overlap(booked, other: overlapped)
            }
            var shown = given.record(endedAt: now) ?? run
            shown.current = given.status
            return (
                [.stopwatch(before: state, after: given), .run(booked)],
                [StopwatchWrite(name: state.name, state: given, beforeHistory: false)], [booked, shown]
            )
        }
    }
}
