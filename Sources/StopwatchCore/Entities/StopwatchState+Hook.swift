extension StopwatchState {
    /// True while a background waiter must look after its hook at `now`: it runs, has a hook,
    /// and has something left for it (a countdown's is taken out once claimed at zero; a cycle's
    /// stays, with edges or warnings to come, or passed and not yet claimed).
    ///
    /// What a command that reads a run asks, so that a waiter gone with a reboot or a `kill` is
    /// started again by the next `status`, `list` or bar that looks, not only by a `resume`.
    public func awaitsHook(at now: TimeReading) -> Bool {
        // Another machine's stopwatch is hooked there.
        guard status == .running, hook != nil, runsOn == nil else { return false }
        guard isCycle else { return true }
        return !cycleProgress(at: now).isFinished || edgesPassed(at: now) > firedEdges
    }
}
