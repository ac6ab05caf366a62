/// How today and this week stand against their goals (`stopwatch today`, its bars): the time
/// booked and the pomodoros completed in each, by the runs history keeps and those in progress,
/// counted as `report` counts them (`RunReport.Tally`). Published to the StateStore.
///
/// History's share is asked of the store as totals it may keep (`HistoryStore.totals`), so that a
/// bar polling each second reads the runs of a long history once after each change, not each
/// time; the runs in progress are counted each time, at `now`.
public struct ReadProgressUseCase: Sendable {
    private let store: any StopwatchStore
    private let history: any HistoryStore
    private let goals: any GoalStore
    private let stateStore: StateStore<TodaySummary>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, history: any HistoryStore, goals: any GoalStore,
        stateStore: StateStore<TodaySummary>, timeSource: any TimeSource,
        timeZone: any LocalTimeZone
    ) {
        self.store = store
        self.history = history
        self.goals = goals
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    /// Today's progress and this week's, with the stopwatches in use, one of which a bar shows.
    @discardableResult
    public func execute() throws -> TodaySummary {
        let now = timeSource.now()
        let spans = Self.spans(containing: now.wall, in: timeZone)
        let label = RunReport.pomodoroLabel
        let listing = try store.loadAll()
        let current = RunRecord.inProgress(listing.stopwatches, at: now)
        // The runs stopwatches hold are part of the key: history's share leaves them out.
        let kept = try history.totals(for: TotalsKey(spans: spans, label: label, hiding: current.map(\.id))) {
            let snapshot = try history.read().snapshot()
            var tallies = spans.map {
                RunReport.Tally(by: [], in: timeZone, since: $0.lowerBound, until: $0.upperBound, counting: label)
            }
            // Most runs end before this week: nothing of them counts, and they are never made whole.
            for index in snapshot.held(hiding: Set(current.map(\.id)))
            where snapshot.endedAt(at: index) >= spans[1].lowerBound {
                let run = snapshot.run(at: index)
                for tally in tallies.indices { tallies[tally].add(run) }
            }
            return tallies.map(\.totals)
        }
        let goals = try goals.read()
        let progress = zip(Goal.Period.allCases, spans).enumerated().map { index, pair in
            var tally = RunReport.Tally(
                by: [], in: timeZone, since: pair.1.lowerBound, until: pair.1.upperBound, counting: label)
            // Another machine's run in progress is told by its own clocks, not this one's: it
            // counts once it ends and reaches this machine (`RunGathering.tally`'s rule).
            for run in current where run.machine == nil { tally.add(run) }
            let live = tally.totals
            let total = PeriodTotal(
                booked: kept[index].booked + live.booked, completed: kept[index].completed + live.completed)
            return GoalProgress(period: pair.0, total: total, goal: goals[pair.0])
        }
        let summary = TodaySummary(
            day: progress[0], week: progress[1], inUse: listing.stopwatches.filter { $0.status != .initial }, now: now)
        stateStore.update(summary)
        return summary
    }

    /// The local day `instant` falls in, and the ISO week (from Monday) holding it.
    public static func spans(containing instant: Duration, in zone: any LocalTimeZone) -> [Range<Duration>] {
        let day = zone.day(of: instant)
        let monday = day - Int64(CivilDate.weekday(ofDay: day))
        return [
            zone.start(ofDay: day)..<zone.start(ofDay: day + 1),
            zone.start(ofDay: monday)..<zone.start(ofDay: monday + 7),
        ]
    }
}
