extension StopwatchState {
    /// How long after `now` the run next changes in a way a surface or a hook can see: its zero,
    /// a cycle's edge (and with `warnings`, the warning before it), and with a `step`, the next
    /// instant a time shown at that step changes. Nil while nothing will change as time passes
    /// (paused, not started, standing while nobody is there, or a cycle waiting for a person with
    /// no time shown).
    ///
    /// The one answer every wake-up asks (`wait`, `wait --edge`, a hook's waiter, `--follow`).
    /// Every time shown is truncated, so a time's text changes only when it crosses a multiple of
    /// its step: the elapsed time's for a stopwatch and a countdown's time left (the duration
    /// less the truncated elapsed time), a phase's own time's for a cycle (its time left is its
    /// length less the truncated time in it), the time over's once over. With `showsElapsed`, the
    /// elapsed time's multiples too, where a surface shows it beside another.
    public func nextEvent(
        at now: TimeReading, step: Duration? = nil, showsElapsed: Bool = false, warnings: Bool = false
    ) -> Duration? {
        guard status == .running, awayStand == nil else { return nil }
        let elapsed = elapsed(at: now).duration.wholeMicroseconds
        var next = Int64.max
        func at(_ delay: Int64) { next = min(next, max(1, delay)) }
        func multiple(of time: Int64) {
            guard let step else { return }
            let unit = max(1, step.wholeMicroseconds)
            at(unit - max(0, time) % unit)
        }
        let reading = progress(at: now)
        if let cycle = reading.phase {
            if cycle.isFinished || cycle.isWaiting {
                multiple(of: cycle.overtime.wholeMicroseconds)
                if showsElapsed { multiple(of: elapsed) }
            } else {
                let left = cycle.leftInPhase.wholeMicroseconds
                at(left)
                if warnings, cycle.warningMicroseconds > 0, left > cycle.warningMicroseconds {
                    at(left - cycle.warningMicroseconds)
                }
                multiple(of: cycle.inPhase.wholeMicroseconds)
                if showsElapsed { multiple(of: elapsed) }
            }
        } else if let end = reading.end {
            if end.isExpired {
                multiple(of: end.overtime.wholeMicroseconds)
                if showsElapsed { multiple(of: elapsed) }
            } else {
                at(end.remaining.wholeMicroseconds)
                multiple(of: elapsed)
            }
        } else {
            multiple(of: elapsed)
        }
        return next == .max ? nil : .microseconds(next)
    }
}
