/// The time the runs of `names` (all when empty), kept and in progress, counted from `since` to
/// before `until`, totalled by `grouping`: `report`. Published to the StateStore as a `RunReport`.
public struct ReportRunsUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<RunReport>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone

    public init(store: any StopwatchStore, stateStore: StateStore<RunReport>, timeSource: any TimeSource, timeZone: any LocalTimeZone) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    @discardableResult
    public func execute(
        names: [StopwatchName] = [], by grouping: [RunReport.Grouping], since: Duration? = nil, until: Duration? = nil
    ) throws -> RunReport {
        var history = try RunGathering(store: store, timeZone: timeZone).runs(at: timeSource.now())
        if !names.isEmpty { history.runs = history.runs.filter { names.contains($0.name) } }
        let report = RunReport(history, by: grouping, in: timeZone, since: since, until: until)
        stateStore.update(report)
        return report
    }
}
