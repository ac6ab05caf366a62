import CLinuxDescriptors
import Glibc
import StopwatchCore

/// Runs `status --follow` and `list --follow`: prints the text again each time it changes, until
/// SIGINT, SIGTERM or SIGHUP, or until the reader of standard output is gone.
///
/// Nothing polls, and one thread does it all, asleep in `poll(2)` on three descriptors: a
/// `signalfd` for the signals that end it and for SIGIO, which a `DnotifyWatch` on the state
/// directory raises whenever any process commits a change (the state is read again at once); a
/// `timerfd` on the boot clock, set for the instant the text can next change as time passes
/// (`FollowClock`) and unset while nothing runs; and standard output, which reports an error once
/// its reader has closed the pipe. A text equal to the one last printed is not printed again.
final class FollowSession {
    private enum Subject {
        case stopwatch(StopwatchViewModel)
        /// The most pressing of the running and paused ones.
        case pressing(StopwatchListViewModel)
    }

    private let subject: Subject
    private let format: StatusView.Format
    private let clock: FollowClock
    private let container: DependencyContainer
    private let colors: Bool
    private var lastText: String?
    /// True once the followed stopwatch was deleted, until it exists again.
    private var isDeleted = false
    /// How many state files the listing could not read when it last said so.
    private var unreadableCount = 0
    /// Reports an error on standard error: the runner's, which knows what was typed.
    private let report: (any Error) -> Void

    /// Follows `name`, or with nil the most pressing of all. `format` must have a `followClock`,
    /// as the parser makes sure.
    init(name: StopwatchName?, format: StatusView.Format, container: DependencyContainer, report: ((any Error) -> Void)? = nil) {
        let viewModels = ViewModelFactory(container: container)
        subject = name.map { .stopwatch(viewModels.makeStopwatchViewModel($0)) } ?? .pressing(viewModels.makeStopwatchListViewModel())
        self.format = format
        clock = format.followClock ?? FollowClock(step: .milliseconds(1))
        self.container = container
        colors = !container.presentation.terminal.noColor
        let errors = container.presentation.errors, messages = container.presentation.messages
        self.report = report ?? { messages.writeMessage(errors.message(for: $0)) }
    }

    /// Follows until a signal or a closed pipe ends it; throws what a first read of the state
    /// throws (no such stopwatch, an unreadable file), and what a later read throws but a deletion.
    func run() throws -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in ExitCode.endingSignals + [SIGIO] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let signalDescriptor = signalfd(-1, &signals, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        let timer = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        defer {
            close(signalDescriptor)
            close(timer)
        }
        guard signalDescriptor >= 0, timer >= 0 else {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .bootTimerUnavailable(errno: errno)))
            return .software
        }
        // Watch first, then read: a change committed in between is not missed.
        let watch = DnotifyWatch(stateDirectory: container.data.stateDirectory)
        defer { withExtendedLifetime(watch) {} }
        var delay = try refresh(reading: true)
        while true {
            set(timer, after: delay)
            var descriptors = [
                pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                // No events asked: an error or a hang-up is always reported, as when the reader is gone.
                pollfd(fd: STDOUT_FILENO, events: 0, revents: 0),
            ]
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
                if errno == EINTR { continue }
                return .software
            }
            // Signals first: a terminal that hangs up sends SIGHUP as well as closing.
            var reading = false
            var information = signalfd_siginfo()
            while read(signalDescriptor, &information, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                let number = Int32(information.ssi_signo)
                guard number == SIGIO else { return ExitCode(endingBy: number) }
                reading = true
            }
            if descriptors[2].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .success }
            var expirations: UInt64 = 0
            _ = read(timer, &expirations, MemoryLayout<UInt64>.size)
            delay = try refresh(reading: reading)
        }
    }

    /// Reads the state again (`reading`, after another process changed something) or maps the one
    /// read at the current time, prints the text if it changed, and returns how long until it can
    /// next change as time passes; nil while nothing runs.
    @discardableResult
    func refresh(reading: Bool) throws -> Duration? {
        let shown: StopwatchViewState?
        var others: [StopwatchViewState] = []
        switch subject {
        case .stopwatch(let viewModel):
            if reading {
                do {
                    try viewModel.handle(.load)
                    isDeleted = false
                } catch StopwatchError.noSuchStopwatch where viewModel.viewState != nil {
                    isDeleted = true
                }
            } else {
                viewModel.refresh()
            }
            shown = isDeleted ? nil : viewModel.viewState
        case .pressing(let viewModel):
            if reading {
                do {
                    try viewModel.handle(.loadActive)
                    unreadableCount = 0
                } catch let failures as StopwatchListFailures {
                    // Said when their number changes, not again on every change of the others.
                    if failures.errors.count != unreadableCount { failures.errors.forEach(report) }
                    unreadableCount = failures.errors.count
                }
            } else {
                viewModel.refresh()
            }
            let pressing = StopwatchListView.pressing(viewModel.viewState?.stopwatches ?? [])
            shown = pressing?.shown
            others = pressing?.others ?? []
        }
        let text = StatusView.followText(shown, format: format, colors: colors, others: others)
        if text != lastText {
            container.presentation.output.write(text)
            lastText = text
        }
        return shown.flatMap { clock.nextChange(of: $0, others: others) }
    }

    /// Sets `timer` to go off once after `delay`, or unsets it for nil.
    private func set(_ timer: Int32, after delay: Duration?) {
        var value = itimerspec()
        if let delay {
            let microseconds = max(1, delay.wholeMicroseconds)
            value.it_value.tv_sec = Int(microseconds / 1_000_000)
            value.it_value.tv_nsec = Int(microseconds % 1_000_000 * 1000)
        }
        timerfd_settime(timer, 0, &value, nil)
    }
}
