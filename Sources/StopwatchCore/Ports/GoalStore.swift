/// The port for the goals (`Goals`): kept with the state, so that every machine sharing it and
/// every surface (`today`, `report`, the bars) reads the same.
public protocol GoalStore: Sendable {
    /// The goals in effect now; none when none was set.
    func read() throws -> Goals
    /// Keeps `goals` as the goals from now on, whole or not at all (those before stay as they
    /// were for the days before).
    func write(_ goals: Goals) throws
    /// Every change of the goals, with when it was made, oldest first: what `report` measures a
    /// past day or week against (the goal in effect then). A store that keeps no dates gives
    /// none, and its goals stand for every day.
    func timeline() throws -> [GoalChange]
}

extension GoalStore {
    /// None: the goals stand for every day.
    public func timeline() throws -> [GoalChange] { [] }
}

/// A goal set (or taken away) for a period, from `since` on: a time, or a count, or none.
public struct GoalChange: Sendable, Hashable {
    /// The day or the week.
    public var period: Goal.Period
    /// When it was set, wall-clock time since the Unix epoch; nil for a goal kept before goals had
    /// dates, which stands for every day.
    public var since: Duration?
    /// The time set: nil when the change leaves it as it was, `.some(nil)` when it takes it away.
    public var time: Duration??
    /// The count of phases set, as `time`.
    public var count: Int??

    /// A change of `period`'s time (`time`, `.some(nil)` to take it away) and count.
    public init(period: Goal.Period, since: Duration?, time: Duration?? = nil, count: Int?? = nil) {
        self.period = period
        self.since = since
        self.time = time
        self.count = count
    }

    /// The local day it applies from (a day number; a week's, its Monday's), once told in a
    /// zone (`dated(_:in:)`); nil: every day.
    public var fromDay: Int64?

    /// `changes` with the day each applies from, in `zone`: the day (the week) it was made in.
    public static func dated(_ changes: [GoalChange], in zone: any LocalTimeZone) -> [GoalChange] {
        changes.map { change in
            var change = change
            if let since = change.since {
                let day = zone.day(of: since)
                change.fromDay = change.period == .week ? day - Int64(CivilDate.weekday(ofDay: day)) : day
            }
            return change
        }
    }

    /// The goals `changes` (`dated`) leave in effect on the local day `day` (a week's Monday for
    /// a week's): each period's time and count as the latest change from before then set them.
    public static func goals(on day: Int64, of changes: [GoalChange]) -> Goals {
        var goals = Goals()
        let ordered = changes.enumerated().sorted {
            ($0.element.since ?? .seconds(Int64.min / 2_000_000), $0.offset) < (
                $1.element.since ?? .seconds(Int64.min / 2_000_000), $1.offset
            )
        }
        for change in ordered.map(\.element) where change.fromDay.map({ $0 <= day }) ?? true {
            if let time = change.time { goals[change.period].time = time }
            if let count = change.count { goals[change.period].count = count }
        }
        return goals
    }
}
