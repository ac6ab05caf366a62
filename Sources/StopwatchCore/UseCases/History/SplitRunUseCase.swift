/// Cuts a run in two at an instant within it (`split RUN WHEN`): two runs of its name, its time
/// shared between them in proportion to their spans (`RunRecord.split`), the second with an id of
/// its own. Named by a stopwatch's name, it is the run of that name that holds the instant (else,
/// as any name names, the one its stopwatch holds, or its latest). A run in progress is split
/// once it has ended. Published to the StateStore as the two.
public struct SplitRunUseCase: Sendable {
    private let correction: RunCorrection
    private let timeZone: any LocalTimeZone

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource,
        timeZone: any LocalTimeZone, ids: any IDSource
    ) {
        correction = RunCorrection(history: history, stateStore: stateStore, timeSource: timeSource, ids: ids)
        self.timeZone = timeZone
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ reference: RunReference, at moment: Moment) throws -> [RunRecord] {
        try correction.run(.split) { lookup, _, now in
            let instant = moment.resolved(atOrBefore: now.wall, in: timeZone)
            var run = try lookup.find(reference)
            // A name means its run that holds the instant: the one to cut.
            if case .name(let name) = reference,
                let holding = lookup.first(
                    named: name, startingBefore: instant, endingAfter: instant,
                    where: { _, start, end in start < instant && instant < end })
            {
                run = holding
            }
            guard run.current == nil else { throw StopwatchError.runInProgress(run.name, .split, on: run.machine) }
            guard instant > run.startedAt, instant < run.endedAt else { throw StopwatchError.notWithin(run, instant) }
            let (first, second) = run.split(at: instant, id: correction.ids.next())
            return ([.revised(first), .run(second)], [], [first, second])
        }
    }
}
