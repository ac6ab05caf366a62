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
        // Another machine's run in progress is told by its own clocks, not this one's: it
        // counts once it ends and reaches this machine (`RunGathering.tally`'s rule).
        let live = current.filter { $0.machine == nil }
        let hiding = Set(current.map(\.id))
        // The runs stopwatches hold are part of the key: history's share leaves them out.
        let kept = try history.totals(for: TotalsKey(spans: spans, label: label, hiding: current.map(\.id))) {
            try count(history.read().snapshot(), hiding: hiding, and: [], in: spans)
        }
        // A run in progress that began before a kept one ended may share moments with it: then
        // all are counted together, history read again (a stopwatch started back into a run).
        let reachesKept = zip(kept, spans).contains { total, span in
            live.contains { $0.startedAt < total.coveredUntil && $0.endedAt > span.lowerBound }
        }
        let totals =
            reachesKept
            ? try count(history.read().snapshot(), hiding: hiding, and: live, in: spans)
            : zip(kept, count(nil, hiding: hiding, and: live, in: spans)).map { kept, live in
                PeriodTotal(
                    booked: kept.booked + live.booked, completed: kept.completed + live.completed,
                    coveredUntil: max(kept.coveredUntil, live.coveredUntil))
            }
        let goals = try goals.read()
        let progress = zip(Goal.Period.allCases, totals).map { period, total in
            GoalProgress(period: period, total: total, goal: goals[period])
        }
        let summary = TodaySummary(
            day: progress[0], week: progress[1], inUse: listing.stopwatches.filter { $0.status != .initial }, now: now)
        stateStore.update(summary)
        return summary
    }

    /// What `snapshot`'s runs (those of `hiding` left out) and `runs` booked and completed in
    /// each of `spans`, a moment two of them counted counted once (`OverlapTally`).
    private func count(
        _ snapshot: HistorySnapshot?, hiding: Set<EventID>, and runs: [RunRecord], in spans: [Range<Duration>]
    ) -> [PeriodTotal] {
        var tallies = spans.map {
            RunReport.Tally(
                by: [], in: timeZone, since: $0.lowerBound, until: $0.upperBound, counting: RunReport.pomodoroLabel)
        }
        var overlaps = spans.map { OverlapTally(since: $0.lowerBound, until: $0.upperBound) }
        func add(_ run: RunRecord) {
            for index in spans.indices {
                tallies[index].add(run)
                overlaps[index].add(run)
            }
        }
        if let snapshot {
            // Most runs end before this week: nothing of them counts, and they are never made whole.
            for index in snapshot.held(hiding: hiding) where snapshot.endedAt(at: index) >= spans[1].lowerBound {
                add(snapshot.run(at: index))
            }
        }
        runs.forEach(add)
        return zip(tallies, overlaps).map { tally, overlap in
            let total = tally.totals
            return PeriodTotal(
                booked: max(.zero, total.booked - .milliseconds(overlap.overlap.wholeMicroseconds / 1000)),
                completed: total.completed, coveredUntil: overlap.coveredUntil)
        }
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
