import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// Runs `stopwatch watch`: the live view of one stopwatch until the user quits.
///
/// Everything happens on one serial queue: the 10 ms ticks, the input, the directory monitor and
/// the signals, so the view model and the view are never used from two threads at once. The
/// calling thread only waits for the end. Whatever ends the session (q, end of input, a signal, an
/// error) gives the terminal back as it was. On a countdown the session ends with success when it
/// expires, and quitting before that is a failure (exit 1), so `timer 10m --watch && …` runs the
/// rest only for a countdown that finished; the end of piped input does not end a countdown's
/// view, so `timer 10m --watch </dev/null` (cron, an editor's task) runs to zero.
final class WatchSession: Sendable {
    private let container: DependencyContainer
    private let queue = DispatchQueue(label: "stopwatch.watch")
    private let control = LiveSessionControl()
    private let live: (viewModel: StopwatchViewModel, timer: TimerService)
    private let view: TerminalView
    private let input: TerminalInput
    private let monitor = Mutex<InotifyDirectoryMonitor?>(nil)
    /// Keys on a terminal, rather than a script's command lines.
    private let isInteractive: Bool
    /// When `r` was pressed once (boot-clock reading), while the second press is awaited.
    private let resetAsked = Mutex<Duration?>(nil)
    private static let resetWindow = Duration.seconds(2)
    /// `--notify`: announce the expiry (`ExpiryNotifier`).
    private let notify: Bool

    init(name: StopwatchName, container: DependencyContainer, notify: Bool = false) {
        self.container = container
        self.notify = notify
        live = ViewModelFactory(container: container).makeLiveStopwatchViewModel(name, tickingOn: queue)
        let terminal = container.presentation.terminal
        view = TerminalView(
            viewModel: live.viewModel, mode: terminal.liveMode, output: container.presentation.output,
            width: { terminal.size().columns }
        )
        isInteractive = terminal.inputIsTerminal
        input = TerminalInput(descriptor: STDIN_FILENO, kind: isInteractive ? .keys : .lines)
    }

    /// Runs until the session ends and returns its exit status.
    func run() -> ExitCode {
        let view = view
        return control.run(
            on: queue, screen: .init(suspend: view.suspend, resume: view.resume, redraw: view.redraw),
            endingBy: { [weak self] code in self?.leave(code) }, begin: { [self] in begin() }
        )
    }

    private func begin() {
        noteIfNew()
        control.enterRawMode()
        live.viewModel.addListener { [weak self] viewState in
            guard let self, viewState.countdown?.isExpired == true, !control.isOver else { return }
            if notify { ExpiryNotifier(container: container).notify(viewState) }
            end(.success)
        }
        do {
            try live.viewModel.handle(.view)
        } catch {
            return fail(error)
        }
        guard !control.isOver else { return }
        if let directory = container.data.stateDirectory, (try? JSONFileStopwatchStore.prepareDirectory(directory)) != nil {
            let monitor = InotifyDirectoryMonitor(directory: directory, queue: queue) { [weak self] in
                self?.perform(.view)
            }
            self.monitor.withLock { $0 = monitor }
        }
        input.start(on: queue) { [weak self] event in self?.handle(event) }
    }

    /// `watch biuld` for a name never created, close to one that is: said before the view opens
    /// it as a new stopwatch, so a typo does not pass for a fresh start.
    private func noteIfNew() {
        let name = live.viewModel.name
        guard let names = try? container.data.store.names(), !names.contains(name),
            let closest = ClosestMatch.to(name.rawValue, among: names.map(\.rawValue)).flatMap(StopwatchName.init)
        else { return }
        container.presentation.messages.writeMessage(container.presentation.errors.line(for: .newName(name, closest: closest)))
    }

    private func handle(_ event: TerminalInput.Event) {
        switch event {
        case .action(.reset) where isInteractive: confirmReset()
        case .action(.lap) where isInteractive && live.viewModel.viewState?.countdown != nil:
            view.flash("a countdown has no laps")
        case .action(let action): perform(action)
        case .quit: leave(.success)
        case .endOfInput:
            // A script's commands have all been given; a countdown still runs down to zero.
            if !isCountdownPending { end(.success) }
        case .unknown(let line):
            note(container.presentation.errors.line(for: .unknownLiveCommand(line)))
        }
    }

    /// `r` clears the laps, so it asks for a second `r` within two seconds; nothing to clear, no
    /// question.
    private func confirmReset() {
        let now = container.services.timeSource.now().boot
        let confirmed = resetAsked.withLock { asked -> Bool in
            if let first = asked, now - first <= Self.resetWindow {
                asked = nil
                return true
            }
            asked = now
            return false
        }
        guard !confirmed, live.viewModel.viewState?.status != .initial else {
            resetAsked.withLock { $0 = nil }
            return perform(.reset)
        }
        view.flash("press r again to reset")
        queue.asyncAfter(deadline: .now() + .seconds(2)) { [weak self] in
            guard let self, resetAsked.withLock({ $0 == now }) else { return }
            resetAsked.withLock { $0 = nil }
            view.clearHint()
        }
    }

    private var isCountdownPending: Bool {
        live.viewModel.viewState?.countdown.map { !$0.isExpired } ?? false
    }

    /// The user ends the view (q, Ctrl-C, SIGTERM, SIGHUP). Before a countdown's zero that is a
    /// failure (1 for q, else the signal's status), and a countdown that goes on says so, with
    /// how to cancel it, so nobody takes the view's end for the countdown's.
    private func leave(_ code: ExitCode) {
        guard isCountdownPending, let viewState = live.viewModel.viewState, let countdown = viewState.countdown else {
            return end(code)
        }
        let status = code == .success ? .notApplicable : code
        guard viewState.status == .running || viewState.status == .paused, countdown.isExpired == false else { return end(status) }
        end(status, message: container.presentation.errors.line(for: .countdownGoesOn(live.viewModel.name, viewState)))
    }

    /// Performs `action`; a refusal is shown and the view goes on, any other error ends the session.
    private func perform(_ action: StopwatchAction) {
        do {
            try live.viewModel.handle(action)
        } catch let error as StopwatchError {
            if isInteractive, case .terminal = container.presentation.terminal.liveMode {
                view.flash(Self.hint(for: error))
            } else {
                note(container.presentation.errors.message(for: error))
            }
        } catch {
            fail(error)
        }
    }

    /// What the live line says when a key does not apply now; it goes at the next change.
    private static func hint(for error: StopwatchError) -> String {
        // The view shows a stopwatch never created as initial; only space creates it.
        if case .noSuchStopwatch = error { return "not started: space starts it" }
        guard case .notApplicable(let operation, let state, _) = error else { return "not now" }
        return switch (operation, state.status) {
        case (.lap, .paused): "paused: space resumes, then l laps"
        case (.lap, _): "not started: space starts it"
        case (.addTime, _): "+ and - change countdowns only"
        default: "does not apply while \(state.status.rawValue)"
        }
    }

    private func note(_ message: String) {
        view.show(message: message, on: container.presentation.messages)
    }

    private func fail(_ error: any Error) {
        end(ExitCode(for: error), message: container.presentation.errors.message(for: error))
    }

    /// Ends the session once: stops every source, gives the terminal back, then reports.
    private func end(_ code: ExitCode, message: String? = nil) {
        control.end(code, message: message, on: container.presentation.messages) {
            live.timer.stop()
            input.stop()
            monitor.withLock { $0 }?.cancel()
            view.end()
        }
    }
}
