import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// Runs `stopwatch watch --all`: the live table of every stopwatch and countdown until the user
/// quits.
///
/// As in `WatchSession`, everything happens on one serial queue: the 10 ms ticks (only while a
/// stopwatch runs), the directory monitor that reloads the listing when another process commits a
/// change, the keys and the signals. q, Ctrl-C, SIGTERM, SIGHUP or the end of piped input end it,
/// and the terminal is given back as it was.
final class WatchAllSession: Sendable {
    private let container: DependencyContainer
    private let queue = DispatchQueue(label: "stopwatch.watch-all")
    private let control = LiveSessionControl()
    private let live: (viewModel: StopwatchListViewModel, timer: TimerService)
    private let view: StopwatchTableView
    private let input: TerminalInput
    private let monitor = Mutex<InotifyDirectoryMonitor?>(nil)
    /// `--notify`: announce each countdown that reaches zero while the table is shown.
    private let notify: Bool
    /// The countdowns shown with time left, to tell which reached zero.
    private let waiting = Mutex<Set<String>?>(nil)

    init(container: DependencyContainer, notify: Bool = false) {
        self.container = container
        self.notify = notify
        live = ViewModelFactory(container: container).makeLiveStopwatchListViewModel(tickingOn: queue)
        let terminal = container.presentation.terminal
        view = StopwatchTableView(viewModel: live.viewModel, mode: terminal.liveMode, output: container.presentation.output, size: terminal.size)
        input = TerminalInput(descriptor: STDIN_FILENO, kind: terminal.inputIsTerminal ? .keys : .lines)
    }

    /// Runs until the session ends and returns its exit status.
    func run() -> ExitCode {
        let view = view
        return control.run(
            on: queue, screen: .init(suspend: view.suspend, resume: view.resume, redraw: view.redraw),
            endingBy: { [weak self] code in self?.end(code) }, begin: { [self] in begin() }
        )
    }

    private func begin() {
        control.enterRawMode()
        if notify {
            live.viewModel.addListener { [weak self] viewState in self?.notifyExpired(viewState) }
        }
        // Watched before the first read, so a change committed in between is not missed.
        if let directory = container.data.stateDirectory, (try? JSONFileStopwatchStore.prepareDirectory(directory)) != nil {
            let monitor = InotifyDirectoryMonitor(directory: directory, queue: queue) { [weak self] in self?.reload() }
            self.monitor.withLock { $0 = monitor }
        }
        reload()
        guard !control.isOver else { return }
        input.start(on: queue) { [weak self] event in
            switch event {
            case .quit, .endOfInput: self?.end(.success)
            case .action, .unknown: break  // the table changes nothing
            }
        }
    }

    /// Reads the listing again. A stopwatch that cannot be read is left out of the table: `list`
    /// reports it; a directory that cannot be read ends the session.
    private func reload() {
        do {
            try live.viewModel.handle(.load)
        } catch is StopwatchListFailures {
            return
        } catch {
            end(ExitCode(for: error), message: container.presentation.errors.message(for: error))
        }
    }

    private func notifyExpired(_ viewState: StopwatchListViewState) {
        let expired = waiting.withLock { waiting -> [StopwatchViewState] in
            defer { waiting = Set(viewState.stopwatches.filter { $0.countdown?.isExpired == false }.map(\.name)) }
            guard let waiting else { return [] }
            return viewState.stopwatches.filter { $0.countdown?.isExpired == true && waiting.contains($0.name) }
        }
        for countdown in expired { ExpiryNotifier(container: container).notify(countdown) }
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
