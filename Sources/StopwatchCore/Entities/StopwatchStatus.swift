/// Where a stopwatch is in its life: never started (or reset), counting, or holding its time.
public enum StopwatchStatus: Sendable, Hashable, CaseIterable {
    case initial
    case running
    case paused
}
