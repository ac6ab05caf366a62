extension PhaseSequence {
    /// How many of a run's phases its record itemizes, planned against actual: the first 64
    /// (eight pomodoro rounds), so that a cycle left going for days keeps a bounded record and a
    /// bounded state (`StopwatchState.earlierAnchors`).
    public static let itemizedPhases = 64

    /// The time each of the first phases of a run took, from phase 0, as a run that counted
    /// `elapsed` with these anchors (each `next`, in order) had them: a phase ran its length, or
    /// ended where `next` began the one after it (early, or late when that one waited for a
    /// person); the last phase begun has the time it had at `elapsed` (its length once the run
    /// finished, its length and the wait when it waits for a person). At most `itemizedPhases`.
    public func phaseTimes(anchors: [PhaseAnchor], elapsed: Duration) -> [Duration] {
        let limit = Self.itemizedPhases
        var times: [Duration] = []
        var from = PhaseAnchor()
        // Each anchor ends a stretch of phases that followed each other by their lengths: all
        // but its last ran their lengths, and its last ended where the anchor begins the next.
        for anchor in anchors where anchor.index > from.index {
            var start = from.at
            var index = from.index
            while index < anchor.index - 1, times.count < limit {
                times.append(phase(index).duration)
                start += phase(index).duration
                index += 1
            }
            guard times.count < limit else { return times }
            times.append(max(.zero, anchor.at - start))
            from = anchor
        }
        let progress = progress(elapsed: elapsed, from: from)
        var index = from.index
        while index < progress.index, times.count < limit {
            times.append(phase(index).duration)
            index += 1
        }
        guard times.count < limit else { return times }
        times.append(progress.isFinished ? phase(progress.index).duration : progress.inPhase + progress.overtime)
        return times
    }
}
