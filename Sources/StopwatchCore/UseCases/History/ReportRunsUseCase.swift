/// The time the runs of `names` (all when empty), kept and in progress, counted from `since` to
/// before `until`, totalled by `grouping`, with the phases labelled `label` that cycles completed
/// counted: `report`. Published to the StateStore as a `RunReport`.
/// A name that no stopwatch and no run has is `StopwatchError.unknownName`; a label other than
/// the pomodoro's that no cycle counted has, `StopwatchError.unknownPhaseLabel`.
public struct ReportRunsUseCase: Sendable {
    private let store: any StopwatchStore
    private let history: any HistoryStore
    private let stateStore: StateStore<RunReport>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone
    private let goals: (any GoalStore)?

    /// Without `goals`, a report measures no row against a goal.
    public init(
        store: any StopwatchStore, history: any HistoryStore, stateStore: StateStore<RunReport>,
        timeSource: any TimeSource, timeZone: any LocalTimeZone,
        goals: (any GoalStore)? = nil
    ) {
        self.goals = goals
        self.store = store
        self.history = history
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    /// Reads what the type's summary says; it writes nothing.
    @discardableResult
    public func execute(
        names: [StopwatchName] = [], tags: [String] = [], by grouping: [RunReport.Grouping], since: Duration? = nil,
        until: Duration? = nil,
        counting label: String = RunReport.pomodoroLabel, spans: Bool = false
    ) throws -> RunReport {
        var tally = RunReport.Tally(by: grouping, in: timeZone, since: since, until: until, counting: label)
        tally.collectsSpans = spans
        let now = timeSource.now()
        let (damaged, kept) = try RunGathering(store: store, history: history).tally(
            names, tags: tags, into: &tally, at: now)
        if label != RunReport.pomodoroLabel, !tally.labels.contains(label) {
            throw StopwatchError.unknownPhaseLabel(label, known: tally.labels.sorted())
        }
        var report = tally.report(damaged: damaged)
        report.kept = kept
        report.today = timeZone.day(of: now.wall)
        if grouping == [.day] || grouping == [.week], let goals {
            let goal = try goals.read()[grouping == [.day] ? .day : .week]
            report.goal = goal.isEmpty ? nil : goal
            // A goal set today measures today and after, not the days before it.
            report.goalChanges = GoalChange.dated(try goals.timeline(), in: timeZone)
        }
        stateStore.update(report)
        return report
    }
}
