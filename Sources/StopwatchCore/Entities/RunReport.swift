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
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        case day
        case week
        case month
        case name
    }

    /// One value a row is grouped by.
    public enum Key: Sendable, Hashable {
        case day(CivilDate)
        /// An ISO 8601 week: the year its Thursday falls in, and its number.
        case week(year: Int64, week: Int)
        case month(year: Int64, month: Int64)
        case name(StopwatchName)

        static func < (left: Key, right: Key) -> Bool {
            switch (left, right) {
            case (.day(let a), .day(let b)): a < b
            case (.week(let y1, let w1), .week(let y2, let w2)): (y1, w1) < (y2, w2)
            case (.month(let y1, let m1), .month(let y2, let m2)): (y1, m1) < (y2, m2)
            case (.name(let a), .name(let b)): a < b
            default: false
            }
        }
    }

    public struct Row: Sendable, Hashable {
        /// One key for each grouping, in its order.
        public var keys: [Key]
        public var elapsed: Duration
        /// How many runs counted time in this row.
        public var runs: Int
    }

    public var grouping: [Grouping]
    /// In the order of their keys, the first grouping first.
    public var rows: [Row]
    public var total: Duration
    public var runs: Int
    /// Lines of history that could not be read.
    public var damagedLines: Int

    /// No rows: a report before anything was read.
    public init(by grouping: [Grouping] = []) {
        self.grouping = grouping
        rows = []
        total = .zero
        runs = 0
        damagedLines = 0
    }

    /// `history`'s runs totalled by `grouping`, counting the days from `since` to before `until`
    /// (local midnights; nil for no bound) in `zone`.
    public init(_ history: RunHistory, by grouping: [Grouping], in zone: any LocalTimeZone, since: Duration? = nil, until: Duration? = nil) {
        self.grouping = grouping
        damagedLines = history.damagedLines
        var totals: [[Key]: (elapsed: Int64, runs: Int, lastRun: Int)] = [:]
        var starts: [Int64: Duration] = [:]
        func start(ofDay day: Int64) -> Duration {
            if let known = starts[day] { return known }
            let found = zone.start(ofDay: day)
            starts[day] = found
            return found
        }
        var total: Int64 = 0
        var counted = 0
        for (index, run) in history.runs.enumerated() {
            var countedThis = false
            for (day, elapsed) in Self.pieces(of: run, in: zone, start: start) {
                let begins = start(ofDay: day)
                if let since, begins < since { continue }
                if let until, begins >= until { continue }
                let keys = grouping.map { grouping -> Key in
                    switch grouping {
                    case .day: return .day(CivilDate(dayNumber: day))
                    case .week:
                        let week = CivilDate.isoWeek(ofDay: day)
                        return .week(year: week.year, week: week.week)
                    case .month:
                        let date = CivilDate(dayNumber: day)
                        return .month(year: date.year, month: date.month)
                    case .name: return .name(run.name)
                    }
                }
                var row = totals[keys] ?? (0, 0, -1)
                // Whole milliseconds, in microseconds.
                let elapsed = elapsed * 1000
                row.elapsed += elapsed
                if row.lastRun != index { (row.runs, row.lastRun) = (row.runs + 1, index) }
                totals[keys] = row
                total += elapsed
                countedThis = true
            }
            if countedThis { counted += 1 }
        }
        rows = totals.map { Row(keys: $0.key, elapsed: .microseconds($0.value.elapsed), runs: $0.value.runs) }.sorted { left, right in
            for (a, b) in zip(left.keys, right.keys) where a != b { return a < b }
            return false
        }
        self.total = .microseconds(total)
        runs = counted
    }

    /// `run`'s elapsed whole milliseconds by the local day they fell in, split at midnight in
    /// proportion to its wall-clock span; a run of no span is all on the day it began.
    static func pieces(of run: RunRecord, in zone: any LocalTimeZone, start: (Int64) -> Duration) -> [(day: Int64, elapsed: Int64)] {
        let elapsed = run.elapsed.wholeMicroseconds / 1000
        let first = zone.day(of: run.startedAt)
        let wall = (run.endedAt - run.startedAt).wholeMicroseconds
        guard wall > 0, zone.day(of: run.endedAt) != first else { return [(first, elapsed)] }
        var pieces: [(day: Int64, elapsed: Int64)] = []
        var day = first
        var given: Int64 = 0
        while true {
            let next = start(day + 1)
            let covered = (min(next, run.endedAt) - run.startedAt).wholeMicroseconds
            // The share of the span up to here, rounded down; what rounding kept goes to the last.
            let upToHere = covered >= wall ? elapsed : Int64(Int128(elapsed) * Int128(covered) / Int128(wall))
            if upToHere > given || covered >= wall { pieces.append((day, upToHere - given)) }
            given = upToHere
            if covered >= wall { break }
            day += 1
        }
        return pieces
    }
}
