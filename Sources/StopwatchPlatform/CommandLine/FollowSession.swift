import CLinuxDescriptors
import Glibc
import StopwatchCore

/// Runs `status --follow` and `list --follow`: prints the text again each time it changes, until
/// SIGINT, SIGTERM or SIGHUP, or until the reader of standard output is gone.
///
/// Nothing polls, and one thread does it all, a `PollScheduler`'s: it takes the signals that end
/// it and SIGIO, which a `DnotifyWatch` on the state directory raises whenever any process commits
/// a change (the state is read again at once); it wakes on the boot clock at the instant the text
/// can next change as time passes (`FollowClock`), and never while nothing runs; and it watches
/// standard output, which reports an error once its reader has closed the pipe. A text equal to
/// the one last printed is not printed again. Tests drive it on the fake scheduler
/// (`start(on:)`, `changed()`).
///
/// Unchecked `Sendable`: it is used on one thread only, its scheduler's, where the scheduler calls
/// its wake-ups too (`PollScheduler.run`, or a test advancing the fake).
final class FollowSession: @unchecked Sendable {
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
    /// How the stopwatch followed is read: `.load`, or `.loadOn` another machine's.
    private let load: StopwatchAction
    /// What wakes it as time passes, and the wake-up set.
    private var scheduler: (any Scheduler)?
    private var wakeUp: ScheduledWork?

    /// Follows `name` (the one `machine` keeps, when given), or with nil the most pressing of
    /// all. `format` must have a `followClock`, as the parser makes sure.
    init(
        name: StopwatchName?, on machine: String? = nil, format: StatusView.Format, container: DependencyContainer,
        report: ((any Error) -> Void)? = nil
    ) {
        load = machine.map { .loadOn(machine: $0) } ?? .load
        let viewModels = ViewModelFactory(container: container)
        subject =
            name.map { .stopwatch(viewModels.makeStopwatchViewModel($0)) }
            ?? .pressing(viewModels.makeStopwatchListViewModel())
        self.format = format
        clock = format.followClock ?? FollowClock(step: .milliseconds(1))
        self.container = container
        colors = !container.presentation.terminal.noColor
        let errors = container.presentation.errors
        let messages = container.presentation.messages
        self.report = report ?? { messages.writeMessage(errors.message(for: $0)) }
    }

    /// Follows until a signal or a closed pipe ends it; throws what a first read of the state
    /// throws (no such stopwatch, an unreadable file), and what a later read throws but a deletion.
    func run() throws -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        guard let loop = PollScheduler(signals: ExitCode.endingSignals + [SIGIO], watching: STDOUT_FILENO) else {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .bootTimerUnavailable(errno: errno)))
            return .software
        }
        // Watch first, then read: a change committed in between is not missed.
        let watch = container.data.changes?.signalling()
        defer { withExtendedLifetime(watch) {} }
        try start(on: loop)
        var outcome: ExitCode?
        var failure: (any Error)?
        let polled = loop.run(
            handling: { event in
                switch event {
                case .signal(SIGIO):
                    do { try changed() } catch { failure = error }
                case .signal(let number): outcome = ExitCode(endingBy: number)
                // The reader of standard output is gone: done, as `yes | head` is.
                case .hangUp: outcome = .success
                case .readable: break
                }
            },
            until: { outcome != nil || failure != nil }
        )
        if let failure { throw failure }
        return outcome ?? (polled ? .success : .software)
    }

    /// Prints the text at once and wakes on `scheduler` whenever it can next change as time passes.
    func start(on scheduler: any Scheduler) throws {
        self.scheduler = scheduler
        try changed()
    }

    /// Another process changed something: reads the state again, prints the text if it changed,
    /// and wakes when it can next change.
    func changed() throws {
        schedule(after: try refresh(reading: true))
    }

    /// The time-driven wake-up: the text at the current time, and the next wake-up.
    private func wake() {
        // Only a read throws; this maps the state last read.
        schedule(after: (try? refresh(reading: false)) ?? nil)
    }

    /// Wakes `delay` from now, or never for nil, replacing the wake-up set before.
    private func schedule(after delay: Duration?) {
        wakeUp = delay.flatMap { delay in scheduler?.after(delay) { [weak self] in self?.wake() } }
    }

    /// Reads the state again (`reading`, after another process changed something) or maps the one
    /// read at the current time, prints the text if it changed, and returns how long until it can
    /// next change as time passes; nil while nothing runs.
    private func refresh(reading: Bool) throws -> Duration? {
        let shown: StopwatchViewState?
        var others: [StopwatchViewState] = []
        switch subject {
        case .stopwatch(let viewModel):
            if reading {
                do {
                    try viewModel.handle(load)
                    isDeleted = false
                    // A bar that looks keeps the hooks going: a waiter gone with a reboot starts again.
                    if viewModel.awaitsHook { WaitSession.restartGoneHookWaiters(of: [viewModel.name], in: container) }
                } catch StopwatchError.noSuchStopwatch where viewModel.viewState != nil {
                    isDeleted = true
                } catch StopwatchError.noSuchStopwatchOn where viewModel.viewState != nil {
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
                    WaitSession.restartGoneHookWaiters(of: viewModel.awaitingHooks, in: container)
                } catch let failures as StopwatchListFailures {
                    // Said when their number changes, not again on every change of the others.
                    if failures.errors.count != unreadableCount { failures.errors.forEach(report) }
                    unreadableCount = failures.errors.count
                }
            } else {
                viewModel.refresh()
            }
            let pressing = StopwatchViewState.pressing(viewModel.viewState?.stopwatches ?? [])
            shown = pressing?.shown
            others = pressing?.others ?? []
        }
        let text = StatusView.followText(shown, format: format, colors: colors, others: others)
        if text != lastText {
            container.presentation.output.write(text)
            lastText = text
        }
        guard let shown else { return nil }
        switch subject {
        case .stopwatch(let viewModel): return viewModel.nextEvent(for: clock)
        case .pressing(let viewModel): return viewModel.nextEvent(showing: shown.name, for: clock)
        }
    }
}
