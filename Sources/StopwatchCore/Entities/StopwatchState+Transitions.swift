/// The state machine: each transition either returns the next state or throws
/// `StopwatchError.notApplicable` and changes nothing.
extension StopwatchState {
    public func started(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .initial:
            var state = StopwatchState.initial(name, countdown: countdown)
            state.status = .running
            state.runningSince = now
            state.startedAt = now.wall
            return state
        case .running:
            throw refusal("start", "it is already running")
        case .paused:
            throw refusal("start", "it is paused; resume it, or reset it first")
        }
    }

    public func paused(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .running:
            var state = self
            let elapsed = elapsed(at: now)
            state.status = .paused
            state.accumulated = elapsed.duration
            state.isEstimated = elapsed.isEstimated
            state.runningSince = nil
            return state
        case .paused:
            throw refusal("pause", "it is already paused")
        case .initial:
            throw refusal("pause", "it is not running")
        }
    }

    public func resumed(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .paused:
            var state = self
            state.status = .running
            state.runningSince = now
            return state
        case .running:
            throw refusal("resume", "it is already running")
        case .initial:
            throw refusal("resume", "it was never started; start it first")
        }
    }

    /// Records a split at `now`; the lap's duration is the time since the previous split.
    public func lapped(at now: TimeReading, label: String?) throws(StopwatchError) -> StopwatchChange {
        if let label, let problem = Lap.problem(withLabel: label) {
            throw StopwatchError.invalidLabel(label, reason: problem)
        }
        guard status == .running else {
            throw refusal("lap", status == .paused ? "it is paused" : "it is not running")
        }
        let (number, overflow) = lapCount.addingReportingOverflow(1)
        guard !overflow else { throw refusal("lap", "it holds as many laps as a stopwatch can") }
        var state = rebased(at: now)
        let total = state.elapsed(at: now).duration
        let previousTotal = latestLap?.total ?? .zero
        let lap = Lap(
            number: number,
            duration: max(.zero, total - previousTotal),
            total: total,
            label: label,
            recordedAt: now.wall
        )
        state.lapCount = lap.number
        state.latestLap = lap
        return StopwatchChange(state: state, appendedLap: lap)
    }

    /// Start, pause or resume, whichever applies now: the live view's single start/stop key.
    public func toggled(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .initial: try started(at: now)
        case .running: try paused(at: now)
        case .paused: try resumed(at: now)
        }
    }

    /// Starts an initial stopwatch and leaves a running one as it is: `run NAME`, which records a
    /// lap in a stopwatch that may already be timing a larger job. A paused one is refused, as its
    /// lap would be.
    public func startedUnlessRunning(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .initial: try started(at: now)
        case .running: self
        case .paused: throw refusal("record a run in", "it is paused; resume it first")
        }
    }

    /// Back to initial with no laps, from running or paused; a countdown keeps its full duration.
    public func reset() throws(StopwatchError) -> StopwatchState {
        guard status != .initial else { throw refusal("reset", "it is not started") }
        return .initial(name, countdown: countdown)
    }

    private func refusal(_ command: String, _ reason: String) -> StopwatchError {
        .notApplicable(name, command: command, reason: reason)
    }
}
