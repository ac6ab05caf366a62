extension StopwatchState {
    /// True for a cycle's plan.
    var isCycle: Bool {
        if case .sequence = plan { return true }
        return false
    }

    /// A cycle's phases; nil for a stopwatch or a countdown.
    var sequence: PhaseSequence? {
        if case .sequence(let sequence) = plan { return sequence }
        return nil
    }

    /// A new cycle of `sequence`, running from `now`, with `hook` to run at its end.
    public static func cycle(
        _ name: StopwatchName, sequence: PhaseSequence, startedAt now: TimeReading, hook: ExpiryHook? = nil
    ) -> StopwatchState {
        StopwatchState.initial(name, plan: .sequence(sequence), hook: hook).restarted(at: now)
    }

    /// Where the cycle stands at `now`, or nil for a stopwatch or a countdown: read from the
    /// elapsed time, so a cycle that ran through a suspend or a reboot is in the right phase after
    /// it, estimated as its time is.
    func sequenceProgress(at now: TimeReading) -> SequenceProgress? {
        isCycle ? cycleProgress(at: now) : nil
    }

    /// `sequenceProgress(at:)` of a cycle (`isCycle`), which it must be. Not an optional: an
    /// optional progress is a type the runtime makes at first use, which a cycle's every `status`
    /// paid for.
    func cycleProgress(at now: TimeReading) -> SequenceProgress {
        guard case .sequence(let sequence) = plan else {
            preconditionFailure("the progress of a cycle read from a \(plan)")
        }
        return sequence.progress(elapsed: elapsed(at: now).duration, from: phaseAnchor ?? PhaseAnchor())
    }

    /// How many of the cycle's edges have passed at `now`: the phases ended, the last one included
    /// once the cycle has finished, and the one it waits at for a person. Zero for a stopwatch or a countdown.
    public func edgesPassed(at now: TimeReading) -> Int {
        guard isCycle else { return 0 }
        let progress = cycleProgress(at: now)
        return progress.index + (progress.isFinished || progress.isWaiting ? 1 : 0)
    }

    /// How many of the cycle's phases have reached their warning at `now` (or ended): those
    /// before the one it is in, and that one once its time left is at most the warning. Zero
    /// without a warning.
    public func warningsPassed(at now: TimeReading) -> Int {
        guard case .sequence(let sequence) = plan, sequence.warningMicroseconds > 0 else { return 0 }
        let progress = cycleProgress(at: now)
        let current =
            progress.isFinished || progress.isWaiting
            || progress.leftInPhase.wholeMicroseconds <= sequence.warningMicroseconds
        return progress.index + (current ? 1 : 0)
    }

    /// The cycle's next phase begun at `now`, the current one ended early (`next`): running or
    /// paused, not yet finished. Ending the last phase finishes the cycle.
    public func nexted(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        guard status != .initial, let progress = sequenceProgress(at: now), !progress.isFinished else {
            throw refusal(.next, now)
        }
        var state = self
        if let anchor = phaseAnchor, anchor.index <= PhaseSequence.itemizedPhases {
            state.earlierAnchors.append(anchor)
        }
        state.phaseAnchor = PhaseAnchor(index: progress.index + 1, at: elapsed(at: now).duration)
        // A phase ended before its warning never warns (the warnings before it all claimed).
        if warningsPassed(at: now) <= progress.index, firedWarnings >= progress.index {
            state.firedWarnings = progress.index + 1
        }
        return state
    }
}
