import StopwatchCore

/// What can be done to a run besides starting, pausing, resuming and resetting it, as the Core
/// offers it (`StopwatchState.offers`): the keys a live view lists and acts on.
public struct RunActions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `lap`: a split of the time counted.
    public static let lap = RunActions(rawValue: 1 << 0)
    /// `next`: the next phase of a cycle.
    public static let next = RunActions(rawValue: 1 << 1)
    /// `timer --add`: more or less time left.
    public static let addTime = RunActions(rawValue: 1 << 2)
    /// `edit --away keep|drop`: what its undecided away time is, for a run that asks
    /// (`AwayPolicy.ask`) while some is; none for a stopwatch with no run, whose key would decide
    /// its last run's in history.
    public static let decideAway = RunActions(rawValue: 1 << 3)

    /// What `state` offers at `now`.
    public init(_ state: StopwatchState, at now: TimeReading) {
        self = []
        if state.offers(.lap) { insert(.lap) }
        if state.offers(.next) { insert(.next) }
        if state.offers(.addTime) { insert(.addTime) }
        if state.status != .initial, state.isUndecided(at: now) { insert(.decideAway) }
    }
}
