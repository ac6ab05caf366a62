import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// `stopwatch watch --all`: the live table of every stopwatch and countdown until the user quits.
///
/// The lifecycle is `LiveSession`'s: the table ticks every 10 ms only while a stopwatch runs, and
/// reloads the listing when another process commits a change. Keys change nothing here; q, the
/// end of piped input or a signal end it.
final class WatchAllSession: LiveContent {
    private let session: LiveSession
    private let live: (viewModel: StopwatchListViewModel, timer: TimerService)
    private let view: StopwatchTableView
    /// `--notify`: announce each countdown that reaches zero while the table is shown.
    private let notify: Bool

    init(session: LiveSession, notify: Bool = false) {
        self.session = session
        self.notify = notify
        let container = session.container
        live = ViewModelFactory(container: container).makeLiveStopwatchListViewModel(scheduler: session.scheduler)
        let terminal = container.presentation.terminal
        view = StopwatchTableView(
            viewModel: live.viewModel, mode: terminal.liveMode, output: container.presentation.output,
            size: terminal.size)
    }

    convenience init(container: DependencyContainer, notify: Bool = false) {
        self.init(session: LiveSession(container: container, label: "stopwatch.watch-all"), notify: notify)
    }

    /// Runs until the table ends and returns its exit status.
    func run() -> ExitCode {
        session.run(self)
    }

    var screen: LiveSession.Screen {
        .init(suspend: view.suspend, resume: view.resume, redraw: view.redraw)
    }

    func begin(in session: LiveSession) {
        if notify {
            live.viewModel.addListener { [weak self] viewState in self?.notifyExpired(viewState) }
        }
        reload(in: session)
    }

    /// Reads the listing again. A stopwatch that cannot be read is left out of the table: `list`
    /// reports it; a directory that cannot be read ends the session.
    func reload(in session: LiveSession) {
        do {
            try live.viewModel.handle(.load)
        } catch is StopwatchListFailures {
            return
        } catch {
            session.fail(error)
        }
    }

    func handle(_ event: TerminalInput.Event, in session: LiveSession) {
        switch event {
        case .quit: session.end(LiveEnding(.done))
        // The table takes no commands, so input that ends (`</dev/null` from cron or a service)
        // leaves it running until `q` or a signal.
        case .endOfInput, .action, .unknown: break
        }
    }

    func leave(bySignal signal: Int32, in session: LiveSession) {
        session.end(LiveEnding(.signal(signal)))
    }

    func stop() {
        live.timer.stop()
        view.end()
    }

    /// Announces each countdown that reached zero since the table was last shown, through the
    /// one path a stored hook's events take (`FireHookEventsUseCase.announce`).
    private func notifyExpired(_ viewState: StopwatchListViewState) {
        for row in viewState.stopwatches {
            let zero = row.events.filter(\.isZero)
            guard !zero.isEmpty, let name = StopwatchName(row.name) else { continue }
            ViewModelFactory(container: session.container).makeStopwatchViewModel(name)
                .announce(zero, with: ExpiryHook(notify: true))
        }
    }
}
