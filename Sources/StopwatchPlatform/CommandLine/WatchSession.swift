import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// `stopwatch watch NAME` (and `timer --watch`): the live view of one stopwatch until the user
/// quits, or a countdown's zero.
///
/// The lifecycle is `LiveSession`'s and the policies (double `r`, `l` on a countdown, the status
/// of quitting a countdown) are `LiveStopwatchViewModel`'s; this connects them to the
/// `TerminalView`. On a countdown the view ends with success at zero and quitting before that is a
/// failure, so `timer 10m --watch && …` runs the rest only for a countdown that finished; the end
/// of piped input does not end a countdown's view, so `timer 10m --watch </dev/null` (cron, an
/// editor's task) runs to zero.
final class WatchSession: LiveContent {
    private let session: LiveSession
    private let live: (viewModel: LiveStopwatchViewModel, timer: TimerService)
    private let view: TerminalView
    /// `watch --notify`: announce the expiry (`ExpiryNotifier`). A countdown's own hook
    /// (`timer --notify`, `--exec`) is stored with it and run by its background waiter instead,
    /// so it survives this view.
    private let notify: Bool
    /// The reset question's withdrawal, while one is asked: a new question replaces it.
    private let hintWithdrawal = Mutex<ScheduledWork?>(nil)

    init(name: StopwatchName, session: LiveSession, notify: Bool = false) {
        self.session = session
        self.notify = notify
        let container = session.container
        let stopwatch = ViewModelFactory(container: container).makeLiveStopwatchViewModel(
            name, scheduler: session.scheduler)
        live = (
            LiveStopwatchViewModel(
                stopwatch: stopwatch.viewModel, timeSource: container.services.timeSource,
                isInteractive: session.isInteractive),
            stopwatch.timer
        )
        let terminal = container.presentation.terminal
        view = TerminalView(
            viewModel: stopwatch.viewModel, mode: terminal.liveMode, output: container.presentation.output,
            width: { terminal.size().columns }, showsKeys: session.isInteractive
        )
    }

    convenience init(name: StopwatchName, container: DependencyContainer, notify: Bool = false) {
        self.init(name: name, session: LiveSession(container: container, label: "stopwatch.watch"), notify: notify)
    }

    /// Runs until the view ends and returns its exit status.
    func run() -> ExitCode {
        session.run(self)
    }

    var screen: LiveSession.Screen {
        .init(suspend: view.suspend, resume: view.resume, redraw: view.redraw)
    }

    func begin(in session: LiveSession) {
        noteIfNew()
        live.viewModel.stopwatch.addListener { [weak self, weak session] viewState in
            guard let ending = LiveStopwatchViewModel.ending(after: viewState), let self, let session, !session.isOver
            else { return }
            if notify {
                live.viewModel.stopwatch.announce(viewState.events.filter(\.isZero), with: ExpiryHook(notify: true))
            }
            session.end(ending)
        }
        do {
            try live.viewModel.show()
        } catch {
            session.fail(error)
        }
    }

    func reload(in session: LiveSession) {
        handle(.action(.view), in: session)
    }

    func handle(_ event: TerminalInput.Event, in session: LiveSession) {
        let response: LiveResponse
        do {
            response = try live.viewModel.handle(event)
        } catch {
            return session.fail(error)
        }
        let errors = session.container.presentation.errors
        // A key that set a run with a hook going (space on a paused countdown or cycle) keeps a
        // background waiter for it, as the command line's start and resume do.
        if case .action(let action) = event {
            AwayWatchSession.keepRunning(after: action, of: live.viewModel.stopwatch, in: session.container)
            _ = WaitSession.keepHookWaiter(after: action, of: live.viewModel.stopwatch, in: session.container)
        }
        switch response {
        case .done: break
        case .hint(let hint):
            view.flash(errors.line(for: hint))
            if hint == .confirmReset { withdrawHint(after: LiveStopwatchViewModel.resetWindow) }
        case .refused(let error):
            if session.isInteractive, case .terminal = session.container.presentation.terminal.liveMode {
                view.flash(errors.hint(for: error))
            } else {
                note(errors.message(for: error))
            }
        case .unknown(let line): note(MessageMapper.line(for: .unknownLiveCommand(line)))
        case .end(let ending): session.end(ending)
        }
    }

    func leave(bySignal signal: Int32, in session: LiveSession) {
        session.end(live.viewModel.leave(bySignal: signal))
    }

    func stop() {
        live.timer.stop()
        view.end()
    }

    /// Takes the reset question's hint away once its window has passed without a second `r`.
    private func withdrawHint(after window: Duration) {
        let work = session.scheduler.after(window) { [weak self] in
            guard let self, !session.isOver, live.viewModel.withdrawExpiredResetQuestion() else { return }
            view.clearHint()
        }
        hintWithdrawal.withLock { $0 = work }
    }

    /// `watch biuld` for a name never created, close to one that is: said before the view opens
    /// it as a new stopwatch, so a typo does not pass for a fresh start.
    private func noteIfNew() {
        let container = session.container
        let name = live.viewModel.stopwatch.name
        guard let closest = FindCloseNameUseCase(store: container.data.store).execute(name) else { return }
        container.presentation.messages.writeMessage(MessageMapper.line(for: .newName(name, closest: closest)))
    }

    private func note(_ message: String) {
        view.show(message: message, on: session.container.presentation.messages)
    }
}
