extension StopwatchViewState {
    /// The kind of plan the run follows, told by what its view state has: a phase for a cycle, a
    /// countdown (towards its end) for a countdown. (Told, not stored: the mapper sets both from
    /// the Core's one reading of progress, `StopwatchState.progress(at:)`.)
    public var kind: PlanKind {
        phase != nil ? .cycle : countdown != nil ? .countdown : .stopwatch
    }
}
