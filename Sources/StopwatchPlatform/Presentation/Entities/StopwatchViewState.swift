/// What a view shows of one stopwatch at one instant.
public struct StopwatchViewState: Sendable, Hashable {
    public var name: String
    public var status: DisplayStatus
    public var elapsed: DurationViewState
    /// True when part of the time was estimated from the wall clock after a reboot.
    public var isEstimated: Bool
    public var lapCount: Int
    public var latestLap: LapViewState?
    /// RFC 3339 UTC time of the first start since the last reset.
    public var startedAt: String?
    /// What a countdown adds; nil for a stopwatch.
    public var countdown: CountdownViewState?
}
