import StopwatchCore

extension MessageMapper {
    /// The hint's words, as the live line shows them.
    public func line(for hint: LiveHint) -> String {
        switch hint {
        case .confirmReset: "press r again to reset"
        case .countdownHasNoLaps: "a countdown has no laps"
        }
    }

    /// What the live line says when a key does not apply now: shorter than `message(for:)`, and
    /// in terms of the keys.
    public func hint(for error: StopwatchError) -> String {
        // The view shows a stopwatch never created as initial; only space creates it.
        if case .noSuchStopwatch = error { return "not started: space starts it" }
        guard case .notApplicable(let operation, let state, let now) = error else { return "not now" }
        return switch (operation, state.status) {
        case (.lap, .paused): "paused: space resumes, then l laps"
        case (.lap, _): "not started: space starts it"
        case (.addTime, _): "+ and - change countdowns only"
        default: "does not apply while \(StopwatchLineComposer.statusWord(mapper.viewState(state, at: now)))"
        }
    }
}
