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
        // The runs stopwatches hold are part of the key: history's share leaves them out. The
        // kept runs a run in progress may share moments with are kept with it.
        let since = live.map(\.startedAt).min()
        let hiding = Set(current.map(\.id))
        let key = TotalsKey(spans: spans, label: label, hiding: current.map(\.id), reaching: since)
        let kept = try history.totals(for: key) {
            let snapshot = try history.read().snapshot()
            var tallies = spans.map { Self.tally(in: $0, zone: timeZone) }
            // Most runs end before this week: nothing of them counts, and they are never made whole.
            for index in snapshot.held(hiding: hiding) where snapshot.endedAt(at: index) >= spans[1].lowerBound {
                let run = snapshot.run(at: index)
                for tally in tallies.indices { tallies[tally].add(run) }
            }
            return tallies.map { tally in
                let total = tally.totals
                let reaching = since.map { since in tally.overlaps.pieces.filter { $0.to > since.wholeMicroseconds } }
                return PeriodTotal(booked: total.booked, completed: total.completed, reaching: reaching ?? [])
            }
        }
        let totals = zip(kept, spans).map { kept, span in
            // What the runs in progress add: their time, less the moments one of them shares with
            // another or with a run kept (those the kept runs share between them taken already).
            var tally = Self.reportTally(in: span, zone: timeZone)
            var both = OverlapTally(since: span.lowerBound, until: span.upperBound, pieces: kept.reaching)
            let already = both.overlap
            for run in live {
                tally.add(run)
                both.add(run)
            }
            let added = tally.totals
            let shared = (both.overlap - already).wholeMicroseconds / 1000
            return PeriodTotal(
                booked: max(.zero, kept.booked + added.booked - .milliseconds(shared)),
                completed: kept.completed + added.completed)
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

    /// A tally of `span`'s time and pomodoros, the moments two runs counted counted once.
    private static func tally(in span: Range<Duration>, zone: any LocalTimeZone) -> MomentTally {
        MomentTally(
            report: reportTally(in: span, zone: zone),
            overlaps: OverlapTally(since: span.lowerBound, until: span.upperBound))
    }

    /// `report`'s tally of `span` by nothing: each run's own time, and the pomodoros.
    private static func reportTally(in span: Range<Duration>, zone: any LocalTimeZone) -> RunReport.Tally {
        RunReport.Tally(
            by: [], in: zone, since: span.lowerBound, until: span.upperBound, counting: RunReport.pomodoroLabel)
    }

    /// `RunReport.Tally`'s totals beside the overlaps of the same runs.
    private struct MomentTally {
        var report: RunReport.Tally
        var overlaps: OverlapTally

        mutating func add(_ run: RunRecord) {
            report.add(run)
            overlaps.add(run)
        }

        /// The runs' time, a moment two counted counted once, and the pomodoros they completed.
        var totals: PeriodTotal {
            let total = report.totals
            return PeriodTotal(
                booked: max(.zero, total.booked - .milliseconds(overlaps.overlap.wholeMicroseconds / 1000)),
                completed: total.completed)
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
