/// One recorded split of a stopwatch.
public struct Lap: Sendable, Hashable {
    /// 1 for the first lap since the stopwatch was last reset.
    public var number: Int
    /// Time since the previous split (or since the start, for lap 1).
    public var duration: Duration
    /// Elapsed time of the stopwatch at this split.
    public var total: Duration
    /// What the lap was named (`lap build compile`); nil for none.
    public var label: String?
    /// Wall-clock time of the split, since the Unix epoch.
    public var recordedAt: Duration

    /// Lap `number`, of `duration`, split at `total`, named `label`, at `recordedAt`.
    public init(number: Int, duration: Duration, total: Duration, label: String?, recordedAt: Duration) {
        self.number = number
        self.duration = duration
        self.total = total
        self.label = label
        self.recordedAt = recordedAt
    }
}
