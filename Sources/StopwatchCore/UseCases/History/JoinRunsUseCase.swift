/// Makes two runs of one name one (`join RUN RUN`): from the earlier's start to the later's end,
/// the time between them a pause (`RunRecord.joined`); the earlier's id and laps. Runs of other
/// names or plans, a cycle's, a run in progress, or two with a run of their name between them
/// are refused. Published to the StateStore as the run joined.
public struct JoinRunsUseCase: Sendable {
    private let correction: RunCorrection

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, ids: any IDSource
    ) {
        correction = RunCorrection(history: history, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ first: RunReference, _ second: RunReference) throws -> RunRecord {
        try correction.run(.join) { lookup, _, _ in
            let runs = try [lookup.find(first), lookup.find(second)].sorted { $0.startedAt < $1.startedAt }
            let (earlier, later) = (runs[0], runs[1])
            for run in runs where run.current != nil {
                throw StopwatchError.runInProgress(run.name, .join, on: run.machine)
            }
            if let refusal = JoinRefusal(joining: earlier, with: later) {
                throw StopwatchError.cannotJoin(earlier, later, because: refusal)
            }
            if let between = lookup.first(
                named: earlier.name, startingBefore: later.startedAt, endingAfter: earlier.startedAt,
                where: { _, start, _ in start > earlier.startedAt && start < later.startedAt })
            {
                throw StopwatchError.cannotJoin(earlier, later, because: .between(between))
            }
            let joined = earlier.joined(with: later)
            return ([.revised(joined), .removed(later.id)], [], [joined])
        }[0]
    }
}
