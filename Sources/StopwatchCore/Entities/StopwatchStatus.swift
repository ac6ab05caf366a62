/// Where a stopwatch is in its life: never started (or reset), counting, or holding its time.
public enum StopwatchStatus: Sendable, Hashable, CaseIterable {
    /// Never started, or reset: no time, no laps.
    case initial
    /// Counting: `runningSince` holds when the running segment began.
    case running
    /// Holding its time: `accumulated` is all of it.
    case paused
}
