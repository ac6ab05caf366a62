import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// Runs `stopwatch wait`: blocks until a countdown expires.
///
/// Nothing polls. While the countdown runs, a `BootClockAlarm` is set for its remaining time; the
/// state directory's inotify monitor reloads it whenever any process commits a change, and the
/// alarm is set again (or unset, while it is paused or reset). Whether it has expired is always
/// decided by reading the clocks, never by the alarm alone, so the wait never ends early. All
/// events arrive on one serial queue; the calling thread only waits for the end.
final class WaitSession: Sendable {
    private let name: StopwatchName
    private let container: DependencyContainer
    private let queue = DispatchQueue(label: "stopwatch.wait")
    private let outcome = Mutex<ExitCode?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let viewModel: StopwatchViewModel
    private let pausedNoted = Mutex(false)
    private let sources = Mutex<(alarm: BootClockAlarm?, monitor: InotifyDirectoryMonitor?, signals: SignalSources?)>((nil, nil, nil))

    init(name: StopwatchName, container: DependencyContainer) {
        self.name = name
        self.container = container
        viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(name)
    }

    /// Waits until the session ends and returns its exit status.
    func run() -> ExitCode {
        let signals = SignalSources([SIGINT, SIGTERM, SIGHUP], on: queue) { [weak self] signal in
            self?.end(ExitCode(endingBy: signal))
        }
        sources.withLock { $0.signals = signals }
        queue.async { [self] in begin() }
        done.wait()
        return outcome.withLock { $0 } ?? .software
    }

    private func begin() {
        guard let alarm = BootClockAlarm(queue: queue, onAlarm: { [weak self] in self?.alarmWentOff() }) else {
            return end(.software, message: "cannot set a timer on the boot clock: \(String(cString: strerror(errno)))")
        }
        sources.withLock { $0.alarm = alarm }
        // Watch first, then load: a change committed in between is not missed.
        if let directory = container.data.stateDirectory, (try? JSONFileStopwatchStore.prepareDirectory(directory)) != nil {
            let monitor = InotifyDirectoryMonitor(directory: directory, queue: queue) { [weak self] in self?.reload() }
            sources.withLock { $0.monitor = monitor }
        }
        reload()
    }

    /// Reads the countdown again (at the start, and after another process changed something in
    /// the state directory). Once it is gone, it was deleted while waiting.
    private func reload() {
        do {
            try viewModel.handle(.loadCountdown)
        } catch StopwatchError.noSuchStopwatch where viewModel.viewState != nil {
            return fail(StopwatchError.deleted(name))
        } catch {
            return fail(error)
        }
        check()
    }

    private func alarmWentOff() {
        viewModel.refresh()
        check()
    }

    /// Ends the wait if the countdown has expired, else sets the alarm for what remains.
    private func check() {
        guard outcome.withLock({ $0 }) == nil, let viewState = viewModel.viewState, let countdown = viewState.countdown else { return }
        let alarm = sources.withLock { $0.alarm }
        if countdown.isExpired {
            end(.success)
        } else if viewState.status == StopwatchStatus.running.rawValue {
            alarm?.set(after: .microseconds(countdown.remaining.microseconds))
        } else {
            alarm?.unset()
            notePaused(viewState)
        }
    }

    /// Says once, on a terminal, that the countdown waited for is paused, so a wait that seems to
    /// hang explains itself; a script's log gets nothing.
    private func notePaused(_ viewState: StopwatchViewState) {
        guard isatty(STDERR_FILENO) == 1, viewState.status == StopwatchStatus.paused.rawValue,
            !pausedNoted.withLock({ noted in defer { noted = true }; return noted })
        else { return }
        let left = viewState.countdown.map { " (\($0.remaining.clock) left)" } ?? ""
        container.presentation.messages.writeMessage("'\(name)' is paused\(left); waiting until it is resumed and runs out")
    }

    private func fail(_ error: any Error) {
        end(ExitCode(for: error), message: container.presentation.errors.message(for: error))
    }

    /// Ends the session once: stops every source, then reports.
    private func end(_ code: ExitCode, message: String? = nil) {
        let first = outcome.withLock { outcome in
            defer { if outcome == nil { outcome = code } }
            return outcome == nil
        }
        guard first else { return }
        let (alarm, monitor, _) = sources.withLock { $0 }
        alarm?.cancel()
        monitor?.cancel()
        if let message { container.presentation.messages.writeMessage(message) }
        done.signal()
    }
}
