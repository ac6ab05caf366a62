import StopwatchCore
import Synchronization

/// The live view of one stopwatch (`watch NAME`, `timer --watch`): what each key or script line
/// does, and how quitting ends, on top of the `StopwatchViewModel` that performs the actions.
///
/// These are the view's policies, apart from the use cases and testable without a terminal: with
/// keys (a person), `r` on a stopwatch that has something to clear asks for a second `r` within
/// `resetWindow`; a script's lines are performed as given. Quitting a countdown before zero is a failure (`notApplicable` for `q`,
/// else the signal's status) with a note that the countdown goes on; the end of a script's input
/// ends the view unless a countdown still runs down to zero.
public final class LiveStopwatchViewModel: Sendable {
    public let stopwatch: StopwatchViewModel
    /// Keys from a person, rather than a script's lines.
    public let isInteractive: Bool
    private let timeSource: any TimeSource
    /// When `r` was first pressed (boot-clock reading), while the second press is awaited.
    private let resetAsked = Mutex<Duration?>(nil)
    public static let resetWindow = Duration.seconds(2)

    public init(stopwatch: StopwatchViewModel, timeSource: any TimeSource, isInteractive: Bool) {
        self.stopwatch = stopwatch
        self.timeSource = timeSource
        self.isInteractive = isInteractive
    }

    public var viewState: StopwatchViewState? { stopwatch.viewState }

    /// Shows the stopwatch as stored (initial when it was never created).
    public func show() throws {
        try stopwatch.handle(.view)
    }

    /// What `event` does. A refused action is answered, not thrown; any other failure throws.
    public func handle(_ event: TerminalInput.Event) throws -> LiveResponse {
        switch event {
        case .action(.reset) where isInteractive:
            return try confirmReset()
        case .action(.decideAway) where viewState?.actions.contains(.decideAway) != true:
            return .hint(.awayNotAsked)
        case .action(let action):
            return try perform(action)
        case .quit:
            return .end(leave(bySignal: nil))
        case .endOfInput:
            // A script's commands have all been given; a countdown still runs down to zero.
            return isCountdownPending ? .done : .end(LiveEnding(.done))
        case .unknown(let line):
            return .unknown(line)
        }
    }

    /// How the view ends when the user leaves it: with `q` (no signal) or by `signal`.
    public func leave(bySignal signal: Int32?) -> LiveEnding {
        let outcome = signal.map(LiveEnding.Outcome.signal)
        guard isCountdownPending, let viewState else { return LiveEnding(outcome ?? .done) }
        guard viewState.status.isCounting || viewState.status == .paused else {
            return LiveEnding(outcome ?? .countdownUnfinished)
        }
        return LiveEnding(outcome ?? .countdownUnfinished, note: .countdownGoesOn(stopwatch.name, viewState))
    }

    /// How the view ends once `viewState` is shown: with success when a countdown reached zero.
    /// Asked of every view state a live view shows, so it needs no view model to be reached first.
    public static func ending(after viewState: StopwatchViewState) -> LiveEnding? {
        viewState.status == .expired ? LiveEnding(.done) : nil
    }

    /// Withdraws the question of a first `r` once its window has passed; true if it did, so the
    /// hint goes.
    public func withdrawExpiredResetQuestion() -> Bool {
        let now = timeSource.now().boot
        return resetAsked.withLock { asked in
            guard let first = asked, now - first >= Self.resetWindow else { return false }
            asked = nil
            return true
        }
    }

    /// `r` clears the laps, so it asks for a second `r` within the window; with nothing to clear,
    /// no question.
    private func confirmReset() throws -> LiveResponse {
        let now = timeSource.now().boot
        let confirmed = resetAsked.withLock { asked -> Bool in
            if let first = asked, now - first < Self.resetWindow {
                asked = nil
                return true
            }
            asked = now
            return false
        }
        guard !confirmed, viewState?.status != .initial else {
            resetAsked.withLock { $0 = nil }
            return try perform(.reset)
        }
        return .hint(.confirmReset)
    }

    private func perform(_ action: StopwatchAction) throws -> LiveResponse {
        do {
            try stopwatch.handle(action)
            return .done
        } catch let error as StopwatchError {
            return .refused(error)
        }
    }

    private var isCountdownPending: Bool {
        viewState?.countdown.map { !$0.isExpired } ?? false
    }
}
