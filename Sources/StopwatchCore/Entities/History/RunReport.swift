/// The time runs counted, totalled by day, ISO week, month and name, in the local time zone: what
/// `report` prints.
///
/// A run across midnight is split at local midnight (in the report, never in storage): each day
/// gets the share of its elapsed time that its wall-clock span had in that day, the shares
/// rounded down but the last, so they always sum to the run's elapsed time. A run's pauses are not
/// stored, so a run paused across midnight is split by its whole span. Only the days in the
/// report's range count, so its totals always sum to the time of the runs' days within it. A
/// report counts whole milliseconds (each run's time truncated to them, then split), so its
/// rows' milliseconds sum to its total's exactly.
public struct RunReport: Sendable, Hashable {
    /// What rows are grouped by (`report --by`), its raw value the word typed.
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        /// The local day.
        case day
        /// The ISO 8601 week, from Monday.
        case week
        /// The local month.
        case month
        /// The run's name.
        case name
        /// A run's tags as a set (`billable,client-a`; none is a group too): each run in one group,
        /// so the rows still sum to the total.
        case tags
        /// A cycle's phases by label (`work`, `break`; a wait for a person books nothing); a run of
        /// another plan has none (empty).
        case phase
        /// A run's time by whether somebody was there: `present`, then the away time it kept, by
        /// cause (`suspend`, `lock`, `idle`). Away time a run dropped is not in its time, nor in a
        /// report. Not with `phase`: a run's time is split one way or the other.
        case cause
    }

    /// The label whose completed phases a report counts unless told another: the pomodoro's.
    public static let pomodoroLabel = "work"

    /// One value a row is grouped by.
    public enum Key: Sendable, Hashable {
        /// A local day.
        case day(CivilDate)
        /// An ISO 8601 week: the year its Thursday falls in, and its number.
        case week(year: Int64, week: Int)
        /// A local month, 1 to 12.
        case month(year: Int64, month: Int64)
        /// A run's name.
        case name(StopwatchName)
        /// Sorted, comma-separated; empty for none.
        case tags(String)
        /// A phase's label, or empty for a run that is not a cycle's.
        case phase(String)
        /// `present`, or an `AwayCause`'s word.
        case cause(String)

        static func < (left: Key, right: Key) -> Bool {
            switch (left, right) {
            case (.day(let a), .day(let b)): a < b
            case (.week(let y1, let w1), .week(let y2, let w2)): (y1, w1) < (y2, w2)
            case (.month(let y1, let m1), .month(let y2, let m2)): (y1, m1) < (y2, m2)
            case (.name(let a), .name(let b)): a < b
            case (.tags(let a), .tags(let b)): a < b
            case (.phase(let a), .phase(let b)): a < b
            case (.cause(let a), .cause(let b)): RunReport.causeRank(a) < RunReport.causeRank(b)
            default: false
            }
        }
    }

    /// The total of one group.
    public struct Row: Sendable, Hashable {
        /// One key for each grouping, in its order.
        public var keys: [Key]
        /// The time its runs booked within the report's span, in whole milliseconds.
        public var elapsed: Duration
        /// How many runs counted time in this row.
        public var runs: Int
        /// How many phases labelled `countedLabel` were completed in this row: pomodoros.
        public var completed = 0
    }

    /// The groupings, in the order `--by` gave them.
    public var grouping: [Grouping]
    /// In the order of their keys, the first grouping first.
    public var rows: [Row]
    /// The time of every row, exactly their sum.
    public var total: Duration
    /// How many runs counted time in the report.
    public var runs: Int
    /// The label of the phases counted (`completed`): `work` unless told another.
    public var countedLabel: String
    /// How many phases labelled `countedLabel` cycles completed in the report's span: a phase
    /// completes when it runs its whole planned length (one `next` cut short does not, though its
    /// time counts), on the day it ends.
    public var completed: Int
    /// Lines of history that could not be read.
    public var damaged: [DamagedLine]
    /// How many runs history keeps, with those in progress, whatever the names, tags and days
    /// asked for: what an empty report says, so it never reads as if no run were kept.
    public var kept = 0
    /// The local day it was made on (a day number, `CivilDate.dayNumber`), for a chart's today and
    /// streak; nil when not told.
    public var today: Int64?
    /// The goal each row is measured against: the day's in a report by day alone, the week's in
    /// one by week alone; nil otherwise, or without one (`Goals`).
    public var goal: Goal?
    /// The goal's changes, dated (`GoalChange.dated`): each row is measured against the goal in
    /// effect on its day (its week), none before the first (`GoalChange.goals(on:of:)`).
    public var goalChanges: [GoalChange] = []

    /// How far `row` stands against the goal it is measured against (nil without one).
    public func progress(of row: Row) -> GoalProgress? {
        var goal = self.goal
        if !goalChanges.isEmpty, let day = Self.firstDay(of: row) {
            goal = GoalChange.goals(on: day, of: goalChanges)[grouping == [.week] ? .week : .day]
        }
        guard let goal, !goal.isEmpty else { return nil }
        return GoalProgress(
            period: grouping == [.week] ? .week : .day,
            total: PeriodTotal(booked: row.elapsed, completed: row.completed), goal: goal)
    }

    /// The day number of a row's day, or of its week's Monday.
    static func firstDay(of row: Row) -> Int64? {
        switch row.keys.first {
        case .day(let date)?: return date.dayNumber
        case .week(let year, let week)?:
            // Week 1 is the week with the year's first Thursday: the one holding January 4th.
            let january4 = CivilDate(year: year, month: 1, day: 4).dayNumber
            return january4 - Int64(CivilDate.weekday(ofDay: january4)) + Int64(week - 1) * 7
        default: return nil
        }
    }

    /// Each run's span on the wall clock, cut to the report's range, when asked for (a timeline):
    /// a run's pauses are not kept, so its span is from its start to its end.
    public var spans: [RunSpan] = []

    /// A run's span on the wall clock, and its name.
    public struct RunSpan: Sendable, Hashable {
        /// The run's name.
        public var name: StopwatchName
        /// From its start to its end, wall-clock time since the Unix epoch, cut to the report's span.
        public var span: Range<Duration>

        /// `name`'s run over `span`.
        public init(name: StopwatchName, span: Range<Duration>) {
            self.name = name
            self.span = span
        }
    }

    /// No rows: a report before anything was read.
    public init(by grouping: [Grouping] = [], counting label: String = RunReport.pomodoroLabel) {
        self.grouping = grouping
        rows = []
        total = .zero
        runs = 0
        countedLabel = label
        completed = 0
        damaged = []
    }

    /// `history`'s runs totalled by `grouping`, counting the time from `since` to before `until`
    /// (local midnights, or any instants; nil for no bound) in `zone`: a run across either is cut
    /// there as it is at midnight.
    public init(
        _ history: RunHistory, by grouping: [Grouping], in zone: any LocalTimeZone, since: Duration? = nil,
        until: Duration? = nil,
        counting label: String = RunReport.pomodoroLabel
    ) {
        self.init(
            runs: history.runs, damaged: history.damaged, by: grouping, in: zone, since: since, until: until,
            counting: label)
    }

    /// `runs` totalled so (`Tally`).
    public init(
        runs all: [RunRecord], damaged: [DamagedLine], by grouping: [Grouping], in zone: any LocalTimeZone,
        since: Duration? = nil, until: Duration? = nil,
        counting label: String = RunReport.pomodoroLabel
    ) {
        var tally = Tally(by: grouping, in: zone, since: since, until: until, counting: label)
        for run in all { tally.add(run) }
        self = tally.report(damaged: damaged)
    }

    /// A report being totalled, one run at a time: a report over a history's snapshot makes each
    /// run as it counts it, never an array of a hundred thousand.
    ///
    /// A run within one day (nearly all) is added to its day and name's cell; the cells are
    /// grouped once at the end. A run across midnight is added piece by piece to its rows, counted
    /// once in each. Making the keys of every run cost a report over a hundred thousand runs more
    /// than reading them.
    public struct Tally {
        let grouping: [Grouping]
        let since: Duration?
        let until: Duration?
        private let byPhase: Bool
        private let byCause: Bool
        private var days: LocalDays
        private var cells: [Cell: (elapsed: Int64, runs: Int)] = [:]
        // Each name and set of tags met numbered, so that a cell's key is three numbers, not
        // strings hashed for every run: the runs of a history have few of each.
        private var pairs: [Pair] = []
        private var numbered: [Pair: Int] = [:]
        private var rows: [[Key]: (elapsed: Int64, runs: Int)] = [:]
        private var total: Int64 = 0
        private var counted = 0
        private var completedCount = 0

        /// What the runs added booked and completed, rows aside: a tally by nothing keeps no rows
        /// (`today`'s, asked each second by a bar).
        public var totals: PeriodTotal { PeriodTotal(booked: .milliseconds(total), completed: completedCount) }
        let countedLabel: String
        private var completions: [[Key]: Int] = [:]
        /// Keeps each run's span (`RunReport.spans`), for a timeline.
        public var collectsSpans = false
        private var spans: [RunSpan] = []
        /// The labels of the phases of the cycles added, when another label than the pomodoro's
        /// is counted: one that no cycle has is a slip (`StopwatchError.unknownPhaseLabel`).
        public private(set) var labels: Set<String> = []

        /// Counting the time from `since` to before `until` (local midnights, or any instants; nil
        /// for no bound) in `zone`: a run across either is cut there as it is at midnight. The
        /// phases labelled `label` that cycles complete are counted too.
        public init(
            by grouping: [Grouping], in zone: any LocalTimeZone, since: Duration? = nil, until: Duration? = nil,
            counting label: String = RunReport.pomodoroLabel
        ) {
            self.grouping = grouping
            self.since = since
            self.until = until
            countedLabel = label
            byPhase = grouping.contains(.phase)
            byCause = grouping.contains(.cause)
            days = LocalDays(zone: zone)
        }

        private mutating func pair(_ name: StopwatchName, _ tags: [String]) -> Int32 {
            // The first few compared one by one (an array compares equal to its copy at once).
            for (index, known) in pairs.prefix(16).enumerated() where known.name == name && known.tags == tags {
                return Int32(index)
            }
            let pair = Pair(name: name, tags: tags)
            if let index = numbered[pair] { return Int32(index) }
            numbered[pair] = pairs.count
            pairs.append(pair)
            return Int32(pairs.count - 1)
        }

        /// Counts `run`: its time into its rows, split at local midnights, and its completed phases.
        public mutating func add(_ run: RunRecord) {
            if run.plan.isSequence { countCompletions(of: run) }
            if collectsSpans {
                let from = max(run.startedAt, since ?? run.startedAt)
                let to = min(run.endedAt, until ?? run.endedAt)
                if from < to { spans.append(RunSpan(name: run.name, span: from..<to)) }
            }
            let (startedAt, endedAt) = (run.startedAt, run.endedAt)
            let milliseconds = run.elapsed.wholeMicroseconds / 1000
            let first = days.day(of: startedAt)
            let itemized = (byPhase && run.plan.isSequence) || byCause
            let within = since.map { startedAt >= $0 } ?? true && until.map { endedAt <= $0 && startedAt < $0 } ?? true
            if grouping.isEmpty {
                // No rows: the total alone, by the same pieces.
                let counting = within && (endedAt <= startedAt || days.day(of: endedAt) == first)
                let booked =
                    counting
                    ? milliseconds
                    : RunReport.pieces(of: run, first: first, days: &days, since: since, until: until).reduce(0) {
                        $0 + ($1.counts ? $1.elapsed : 0)
                    }
                total += booked
                if counting || booked > 0 { counted += 1 }
                return
            }
            if !itemized, within, endedAt <= startedAt || days.day(of: endedAt) == first {
                let cell = Cell(day: first, pair: pair(run.name, run.tags))
                // One lookup: the cell's value changed in place.
                RunReport.count(milliseconds, in: &cells[cell, default: (0, 0)])
                total += milliseconds
                counted += 1
                return
            }
            var countedThis = false
            var seen: Set<[Key]> = []
            let dayPieces = RunReport.pieces(of: run, first: first, days: &days, since: since, until: until)
            let labelled =
                itemized
                ? RunReport.labelled(
                    dayPieces, by: byCause ? RunReport.causePieces(of: run) : RunReport.phasePieces(of: run))
                : dayPieces.map { ($0.day, "", $0.elapsed, $0.counts) }
            for (day, label, elapsed, counts) in labelled where counts {
                let keys = RunReport.keys(grouping, day: day, name: run.name, tags: run.tags, phase: label)
                var value = rows[keys] ?? (0, 0)
                value.elapsed += elapsed
                if seen.insert(keys).inserted { value.runs += 1 }
                rows[keys] = value
                total += elapsed
                countedThis = true
            }
            if countedThis { counted += 1 }
        }

        /// Each phase labelled `countedLabel` that `run` completed, in the row of the day it ended
        /// (its end placed within the run's span as the run's days are: in proportion), and by
        /// cause in `present`'s.
        private mutating func countCompletions(of run: RunRecord) {
            if countedLabel != RunReport.pomodoroLabel, case .sequence(let sequence) = run.plan {
                labels.formUnion(sequence.phases.map(\.label) + (sequence.long.map { [$0.label] } ?? []))
            }
            let ends = RunReport.completions(of: run, label: countedLabel)
            guard !ends.isEmpty else { return }
            let elapsed = run.elapsed.wholeMicroseconds
            let span = (run.endedAt - run.startedAt).wholeMicroseconds
            for end in ends {
                let at =
                    elapsed > 0 && span > 0
                    ? run.startedAt + .microseconds(Int64(Int128(span) * Int128(end) / Int128(elapsed))) : run.startedAt
                guard since.map({ at >= $0 }) ?? true, until.map({ at < $0 }) ?? true else { continue }
                completedCount += 1
                guard !grouping.isEmpty else { continue }
                // By cause, a phase completed was done by somebody there: present's.
                let keys = RunReport.keys(
                    grouping, day: days.day(of: at), name: run.name, tags: run.tags,
                    phase: byCause ? RunReport.presentLabel : countedLabel)
                completions[keys, default: 0] += 1
            }
        }

        /// The report of the runs added, with the lines of history that could not be read.
        public func report(damaged: [DamagedLine]) -> RunReport {
            var rows = rows
            for (cell, value) in cells {
                let pair = pairs[Int(cell.pair)]
                let keys = RunReport.keys(grouping, day: cell.day, name: pair.name, tags: pair.tags, phase: "")
                var row = rows[keys] ?? (0, 0)
                row.elapsed += value.elapsed
                row.runs += value.runs
                rows[keys] = row
            }
            for keys in completions.keys where rows[keys] == nil { rows[keys] = (0, 0) }
            var report = RunReport(by: grouping, counting: countedLabel)
            report.rows = rows.map {
                Row(
                    keys: $0.key, elapsed: .milliseconds($0.value.elapsed), runs: $0.value.runs,
                    completed: completions[$0.key] ?? 0)
            }.sorted { left, right in
                for (a, b) in zip(left.keys, right.keys) where a != b { return a < b }
                return false
            }
            report.total = .milliseconds(total)
            report.runs = counted
            report.completed = completedCount
            report.spans = spans.sorted { $0.span.lowerBound < $1.span.lowerBound }
            report.damaged = damaged
            return report
        }
    }

    fileprivate static func count(_ milliseconds: Int64, in value: inout (elapsed: Int64, runs: Int)) {
        value.elapsed += milliseconds
        value.runs += 1
    }

    /// A day, and a name with tags (by their number in the report's `pairs`): what a run within
    /// one day adds its time to.
    fileprivate struct Cell: Hashable {
        var day: Int64
        var pair: Int32
    }

    fileprivate struct Pair: Hashable {
        var name: StopwatchName
        var tags: [String]
    }

    fileprivate static func keys(_ grouping: [Grouping], day: Int64, name: StopwatchName, tags: [String], phase: String)
        -> [Key]
    {
        grouping.map { grouping -> Key in
            switch grouping {
            case .day: return .day(CivilDate(dayNumber: day))
            case .week:
                let week = CivilDate.isoWeek(ofDay: day)
                return .week(year: week.year, week: week.week)
            case .month:
                let date = CivilDate(dayNumber: day)
                return .month(year: date.year, month: date.month)
            case .name: return .name(name)
            case .tags: return .tags(tags.joined(separator: ","))
            case .phase: return .phase(phase)
            case .cause: return .cause(phase)
            }
        }
    }

    /// Where in `run`'s elapsed time (microseconds) each phase labelled `label` that it completed
    /// ended: a phase completes when it ended having run its whole planned length; past the
    /// phases a record itemizes, each phase that ended is taken to have run its length.
    static func completions(of run: RunRecord, label: String) -> [Int64] {
        guard case .sequence(let sequence) = run.plan, run.phasesEnded > 0 else { return [] }
        var ends: [Int64] = []
        var offset: Int64 = 0
        // Time a correction took away is taken from the end, as `phasePieces` takes it.
        let elapsed = run.elapsed.wholeMicroseconds
        for index in 0..<run.phasesEnded {
            let phase = sequence.phase(index)
            let ran = index < run.phaseTimes.count ? run.phaseTimes[index].ran : phase.duration
            offset += ran.wholeMicroseconds
            guard offset <= elapsed else { break }
            if phase.label == label, ran >= phase.duration { ends.append(offset) }
        }
        return ends
    }

    /// `run`'s elapsed whole milliseconds by the local day they fell in, from day `first`, cut at
    /// each midnight and at `since` and `until` in proportion to its wall-clock span (which
    /// crosses one), each piece marked whether it counts (within `since..<until`). A run of no
    /// span is one piece, on the day it began.
    static func pieces(
        of run: RunRecord, first: Int64, days: inout LocalDays, since: Duration? = nil, until: Duration? = nil
    ) -> [(day: Int64, elapsed: Int64, counts: Bool)] {
        let elapsed = run.elapsed.wholeMicroseconds / 1000
        let wall = (run.endedAt - run.startedAt).wholeMicroseconds
        func counts(_ at: Duration) -> Bool { since.map { at >= $0 } ?? true && until.map { at < $0 } ?? true }
        guard wall > 0 else { return [(first, elapsed, counts(run.startedAt))] }
        var pieces: [(day: Int64, elapsed: Int64, counts: Bool)] = []
        var day = first
        var from = run.startedAt
        var given: Int64 = 0
        while from < run.endedAt {
            var to = min(days.start(ofDay: day + 1), run.endedAt)
            for bound in [since, until] { if let bound, bound > from, bound < to { to = bound } }
            let covered = (to - run.startedAt).wholeMicroseconds
            // The share of the span up to here, rounded down; what rounding kept goes to the last.
            let upToHere = covered >= wall ? elapsed : Int64(Int128(elapsed) * Int128(covered) / Int128(wall))
            if upToHere > given || covered >= wall { pieces.append((day, upToHere - given, counts(from))) }
            given = upToHere
            if to >= days.start(ofDay: day + 1) { day += 1 }
            from = to
        }
        return pieces
    }
}
