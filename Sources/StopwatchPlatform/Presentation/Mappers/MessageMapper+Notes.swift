import StopwatchCore

extension MessageMapper {
    /// What a command says on standard error besides an error: a fact about what it is doing.
    public enum Note: Sendable, Hashable {
        /// `wait` on a paused countdown.
        case waitingWhilePaused(StopwatchName, StopwatchViewState)
        /// `wait` on a countdown that is reset, or was never started.
        case waitingWhileReset(StopwatchName, StopwatchViewState)
        /// A countdown's live view quit before zero: the countdown goes on.
        case countdownGoesOn(StopwatchName, StopwatchViewState)
        /// `watch NAME` for a name never created, close to one that exists.
        case newName(StopwatchName, closest: StopwatchName)
        /// A line of a script's input to the live view that is no command.
        case unknownLiveCommand(String)
        /// `timer --notify` could not start its background `wait`.
        case backgroundWaitFailed(StopwatchName)
    }

    /// The note's line, without the `stopwatch: ` prefix.
    public func line(for note: Note) -> String {
        switch note {
        case .waitingWhilePaused(let name, let state):
            "'\(name)' is paused\(left(state)); waiting until it is resumed and runs out"
        case .waitingWhileReset(let name, let state):
            "'\(name)' is reset\(left(state)); waiting until it is started and runs out"
        case .countdownGoesOn(let name, let state):
            "'\(name)' \(state.status == .paused ? "stays paused" : "keeps running")\(left(state)); \(CommandLineForm(command: .delete, positionals: [name.rawValue]).text.quotedForMessage) cancels it"
        case .newName(let name, let closest):
            "watching '\(name)' (new; did you mean '\(closest)'?)"
        case .unknownLiveCommand(let line):
            "unknown command \(line.quotedForMessage) (use start, pause, resume, toggle, lap [LABEL], reset or quit)"
        case .backgroundWaitFailed(let name):
            "cannot start the background wait for '\(name)'; \(CommandLineForm(command: .wait, positionals: [name.rawValue], options: [.init(.notify)]).text.quotedForMessage) does it"
        }
    }

    /// ` (04:59.12 left)`: a countdown's time left, as every surface writes it.
    private func left(_ state: StopwatchViewState) -> String {
        state.countdown == nil ? "" : " (\(StopwatchLineComposer.time(state)))"
    }
}
