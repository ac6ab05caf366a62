extension PhaseSequence {
    /// How many of a run's phases its record itemizes, planned against actual: the first 64
    /// (eight pomodoro rounds), so that a cycle left going for days keeps a bounded record and a
    /// bounded state (`StopwatchState.earlierAnchors`).
    public static let itemizedPhases = 64

    /// Each of the first phases of a run as it ran, from phase 0, as a run that counted `elapsed`
    /// with these anchors (each `next`, in order) had them: a phase ran its length, or ended where
    /// `next` began the one after it, early; past its length, the rest was a wait for a person
    /// before the next. The last phase begun has the time it had at `elapsed` (its length once the
    /// run finished, what follows being the run's overtime; its length and the wait so far when
    /// it waits for a person). At most `itemizedPhases`.
    public func phaseTimes(anchors: [PhaseAnchor], elapsed: Duration) -> [PhaseTime] {
        let limit = Self.itemizedPhases
        var times: [PhaseTime] = []
        // A phase made longer or shorter (`PhaseAnchor.extra`) ran its new length.
        func ended(_ index: Int, from anchor: PhaseAnchor, after actual: Duration) -> PhaseTime {
            let length = phase(index, from: anchor).duration
            return actual > length
                ? PhaseTime(ran: length, waited: actual - length) : PhaseTime(ran: max(.zero, actual))
        }
        var from = PhaseAnchor()
        // Each anchor ends a stretch of phases that followed each other by their lengths: all
        // but its last ran their lengths, and its last ended where the anchor begins the next.
        for anchor in anchors where anchor.index >= from.index {
            // Phase 0 anchored where it began, made longer or shorter by `timer --add`.
            guard anchor.index > from.index else {
                from = anchor
                continue
            }
            var start = from.at
            var index = from.index
            while index < anchor.index - 1, times.count < limit {
                times.append(PhaseTime(ran: phase(index, from: from).duration))
                start += phase(index, from: from).duration
                index += 1
            }
            guard times.count < limit else { return times }
            times.append(ended(index, from: from, after: anchor.at - start))
            from = anchor
        }
        // `next` ended the last phase: every phase is told.
        if let count = phaseCount, from.index >= count { return times }
        let progress = progress(elapsed: elapsed, from: from)
        var index = from.index
        while index < progress.index, times.count < limit {
            times.append(PhaseTime(ran: phase(index, from: from).duration))
            index += 1
        }
        guard times.count < limit else { return times }
        if progress.isFinished {
            times.append(PhaseTime(ran: progress.phase.duration))
        } else {
            times.append(PhaseTime(ran: progress.inPhase, waited: progress.isWaiting ? progress.overtime : .zero))
        }
        return times
    }
}
