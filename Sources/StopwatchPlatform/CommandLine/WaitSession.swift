import Glibc
import StopwatchCore

/// Runs `stopwatch wait`: blocks until a countdown expires.
///
/// Nothing polls. One thread, a `PollScheduler`'s, wakes on the boot clock at the countdown's
/// remaining time, takes SIGIO from a `DnotifyWatch` on the state directory when any process
/// commits a change (the countdown is read again, and the wake-up set again, or dropped while it
/// is paused or reset), and SIGINT, SIGTERM and SIGHUP, which end it. Whether it has expired is
/// always decided by reading the clocks, never by the wake-up alone, so the wait never ends early.
/// With no other thread, the process is gone as soon as it exits, as `sleep` is. Tests drive it
/// on the fake scheduler (`start(on:)`, `changed()`).
///
/// Unchecked `Sendable`: it is used on one thread only, its scheduler's.
///
/// The same loop is the background waiter of a countdown's stored hook (`Purpose.hook`), which
/// `timer --exec`/`--notify` starts. Where the notification server shows actions, the waiter's
/// notifications offer them (`NotificationAction`), and it stays, after the zero, until each is
/// answered or closed (an hour at most), carrying the answer out as the command would.
final class WaitSession: @unchecked Sendable {
    private let name: StopwatchName
    private let container: DependencyContainer
    private let viewModel: StopwatchViewModel
    private var outcome: ExitCode?
    /// The status last explained on the terminal (`noteStopped`).
    private var notedStatus: DisplayStatus?
    /// What the wait is for.
    private let purpose: Purpose
    /// The line an error ends the wait with: the runner's, which knows what was typed.
    private let describe: (any Error) -> String
    /// Where the cycle `--edge` waits on stood when first read: its phase's number, and whether
    /// it waited for a person to begin it. The edge is the first change of either.
    private var waitedFor: (phase: Int, waiting: Bool)?
    /// What wakes it at the expiry, and the wake-up set.
    private var scheduler: (any Scheduler)?
    private var wakeUp: ScheduledWork?
    /// A hook's waiter's notifications a person can answer; nil for other waits, and where the
    /// container was given other hook sinks than the real ones (tests).
    private let answering: NotificationActions?
    /// The loop, which listens to the answers' socket while some are awaited.
    private var loop: PollScheduler?
    /// When it stops waiting for answers: an hour after the last notification sent.
    private var giveUp: ScheduledWork?
    /// How long a notification's answer is waited for.
    static let answerTime = Duration.seconds(3600)

    /// What a wait does at zero.
    enum Purpose {
        /// `stopwatch wait`: ends at zero, announcing it (`--notify`) or running a command
        /// (`--exec`) of its own first.
        case wait(ExpiryHook?)
        /// The waiter `timer` starts in the background for a countdown's stored hook: at zero it
        /// claims the hook and runs it. It ends quietly, with success, as soon as there is no hook
        /// left to wait for (claimed by another process, replaced, or the countdown deleted).
        case hook
        /// `wait NAME --edge`: ends at a cycle's next edge, the end of the phase it is in when
        /// first read (or at once, once it has ended).
        case edge
    }

    /// The argument the background waiter is started with, before the countdown's name: a form
    /// no one types, so no help, manual or completion shows it.
    static let hookArgument = "--run-expiry-hook"

    convenience init(
        name: StopwatchName, container: DependencyContainer, notify: Bool = false, exec: String? = nil,
        describe: ((any Error) -> String)? = nil
    ) {
        self.init(
            name: name, container: container, purpose: .wait(ExpiryHook(notify: notify, exec: exec)), describe: describe
        )
    }

    init(
        name: StopwatchName, container: DependencyContainer, purpose: Purpose, describe: ((any Error) -> String)? = nil
    ) {
        self.name = name
        self.purpose = purpose
        let kind: MessageMapper.NameKind = if case .edge = purpose { .cycles } else { .countdowns }
        self.describe = describe ?? { container.presentation.errors.message(for: $0, names: kind) }
        var container = container
        if case .hook = purpose, container.services.hookSinks == nil, let bus = container.expiryNotifier.bus {
            let answering = NotificationActions(address: bus)
            container.services.hookSinks = [container.expiryNotifier(answering: answering), ExpiryCommand()]
            self.answering = answering
        } else {
            answering = nil
        }
        self.container = container
        viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(name)
    }

    /// After `action`, a run with a hook that it set going gets a background waiter, which ends
    /// when the run stops running: so a countdown resumed, or a cycle started or moved on, has its
    /// hook run at zero and at each edge, and the edges passed while none ran are caught up at once
    /// (the claim is exclusive, so two waiters never run one twice). Any other action that read a
    /// run whose hook still awaits (`status`, a key, a view opened) starts a waiter if none holds
    /// its mark (`WaiterMarks`): one gone with a reboot or a `kill`. The one rule for a command
    /// and a live view's key alike; false if a waiter was needed and could not be started.
    static func keepHookWaiter(
        after action: StopwatchAction, of viewModel: StopwatchViewModel, in container: DependencyContainer
    ) -> Bool {
        if action.setsRunGoing {
            guard viewModel.runningHook != nil else { return true }
            return startHookWaiter(for: viewModel.name)
        }
        return viewModel.awaitsHook ? restartGoneHookWaiters(of: [viewModel.name], in: container) : true
    }

    /// Starts a background waiter for each of `names` whose waiter is gone (none holds its mark);
    /// false if one could not be started. Nothing without a state directory to hold marks in.
    @discardableResult
    static func restartGoneHookWaiters(of names: [StopwatchName], in container: DependencyContainer) -> Bool {
        guard !names.isEmpty, let mark = container.data.waiterMarks else { return true }
        var started = true
        for name in names where !mark.isHeld(.hook(name)) { started = startHookWaiter(for: name) && started }
        return started
    }

    /// Starts the background waiter for `name`'s hook: this executable, in a session of its own,
    /// writing to the terminal if there is one and holding no pipe of the caller's open. False if
    /// it could not be started.
    static func startHookWaiter(for name: StopwatchName) -> Bool {
        guard let executable = ChildProcess.currentExecutable else { return false }
        return ChildProcess.startDetached(
            executable, arguments: ["stopwatch", hookArgument, name.rawValue],
            inheriting: [STDOUT_FILENO, STDERR_FILENO]
        )
    }

    /// Waits until the session ends and returns its exit status.
    func run() -> ExitCode {
        guard let loop = PollScheduler(signals: ExitCode.endingSignals + [SIGIO]) else {
            return end(.software, message: MessageMapper.line(for: .bootTimerUnavailable(errno: errno)))
        }
        // A hook's waiter says it is alive for as long as it runs, so a reader of the run can tell
        // when it is gone.
        if case .hook = purpose { container.data.waiterMarks?.hold(.hook(name)) }
        // Watch first, then load: a change committed in between is not missed.
        let watch = container.data.changes?.signalling()
        defer { withExtendedLifetime(watch) {} }
        self.loop = loop
        start(on: loop)
        let polled = loop.run(
            handling: { event in
                switch event {
                case .signal(SIGIO): changed()
                case .signal(let number): end(ExitCode(endingBy: number))
                case .hangUp: break
                case .readable: answered()
                }
            },
            until: { outcome != nil }
        )
        if !polled { end(.software, message: MessageMapper.line(for: .bootTimerUnavailable(errno: errno))) }
        return outcome ?? .software
    }

    /// Reads the countdown and wakes on `scheduler` at its expiry; the outcome is set once it
    /// ends (`outcome`).
    func start(on scheduler: any Scheduler) {
        self.scheduler = scheduler
        changed()
    }

    /// How the wait ended; nil while it goes on.
    var result: ExitCode? { outcome }

    /// Reads the countdown again (at the start, and after another process changed something in
    /// the state directory). Once it is gone, it was deleted while waiting.
    func changed() {
        if case .hook = purpose { return claim() }
        do {
            let load: StopwatchAction =
                if case .edge = purpose { .loadCycle(goingOn: waitedFor == nil) } else { .loadCountdown }
            try viewModel.handle(load)
        } catch StopwatchError.noSuchStopwatch where viewModel.viewState != nil {
            return fail(StopwatchError.deleted(name))
        } catch {
            return fail(error)
        }
        check()
    }

    /// The wake-up at the time the countdown was due to expire: whether it has is read from the
    /// clocks.
    private func wake() {
        viewModel.refresh()
        check()
    }

    /// Ends the wait if the countdown has expired, else sets the timer for what remains.
    private func check() {
        if case .edge = purpose { return checkEdge() }
        guard case .wait(let hook) = purpose else { return claim() }
        guard outcome == nil, let viewState = viewModel.viewState else { return }
        if viewState.status == .expired {
            // `wait`'s own hook, through the one path a stored one's events take: its zero, even
            // where it had passed before the wait began.
            if let hook, viewModel.announce(viewModel.eventsPassed(), with: hook) > 0 {
                container.presentation.messages.writeMessage(MessageMapper.line(for: .execFailed(name)))
            }
            end(.success)
        } else {
            follow(viewState)
        }
    }

    /// `--edge`: ends at the first edge after the first read: the phase it was in ends (or the
    /// cycle does), or, while it waits for a person, `next` begins the phase. A cycle that had
    /// ended at the first read was refused (`loadCycle(goingOn:)`), so a loop of waits ends.
    private func checkEdge() {
        guard outcome == nil, let viewState = viewModel.viewState, let phase = viewState.phase else { return }
        let now = (phase: phase.number, waiting: phase.isWaiting)
        let first = waitedFor ?? now
        waitedFor = first
        if now != first || viewState.status == .expired {
            end(.success)
        } else {
            follow(viewState)
        }
    }

    /// The background waiter's step: has the hook do what is due (`FireHookEventsUseCase`), or
    /// sets the timer for what remains; with no hook left, or no countdown, and no answer awaited,
    /// it is done.
    private func claim() {
        guard outcome == nil else { return }
        let fired: FireHookEventsUseCase.Outcome
        do {
            fired = try viewModel.fireHookEvents()
        } catch StopwatchError.noSuchStopwatch {
            answering?.forget()
            end(.success)
            return
        } catch {
            return fail(error)
        }
        awaitAnswers()
        switch fired {
        case .none: done()
        case .pending: if let viewState = viewModel.viewState { follow(viewState) }
        case .firedZero(let failed):
            if failed > 0 { container.presentation.messages.writeMessage(MessageMapper.line(for: .execFailed(name))) }
            done()
        case .firedEdges(_, let failed):
            if failed > 0 { container.presentation.messages.writeMessage(MessageMapper.line(for: .execFailed(name))) }
            if let viewState = viewModel.viewState, viewState.status != .expired {
                follow(viewState)
            } else {
                done()
            }
        }
    }

    /// A hook's waiter with nothing left to do ends, unless a notification it sent may still be
    /// answered.
    private func done() {
        if answering?.awaited.isEmpty == false { return }
        end(.success)
    }

    /// Listens for the answers to the notifications just sent, for `answerTime` from now.
    private func awaitAnswers() {
        guard let answering else { return }
        answering.stamp(runID: viewModel.runID)
        loop?.listen(to: answering.awaited.isEmpty ? nil : answering.descriptor)
        guard !answering.awaited.isEmpty, giveUp == nil else { return }
        giveUp = scheduler?.after(Self.answerTime) { [weak self] in
            self?.answering?.forget()
            self?.loop?.listen(to: nil)
            self?.giveUp = nil
            self?.claim()
        }
    }

    /// Carries out what a person chose on a notification, as the command would, on the run it
    /// was sent for (another run of the name since lets it go); then goes on as after any change.
    private func answered() {
        guard let answering else { return }
        for (answer, awaited) in answering.answers() {
            guard case .chosen(_, let key) = answer, let action = NotificationAction(rawValue: key),
                awaited.offered.contains(key)
            else { continue }
            do {
                try viewModel.handle(.view)
                guard awaited.runID == nil || awaited.runID == viewModel.runID else { continue }
                try viewModel.handle(action.action(rearming: awaited.hook))
            } catch {
                container.presentation.messages.writeMessage(describe(error))
            }
        }
        if answering.awaited.isEmpty {
            giveUp?.cancel()
            giveUp = nil
        }
        claim()
    }

    /// Wakes at the time left of a running countdown, or at a cycle's next edge, or not while it
    /// stands still; the background waiter of a hook ends then, and a command that sets the run
    /// going again starts another (`keepHookWaiter(after:of:)`).
    private func follow(_ viewState: StopwatchViewState) {
        if case .hook = purpose, !viewState.status.isCounting {
            done()
            return
        }
        // The Core's next event: a countdown's zero, a cycle's edge, and for a hook's waiter the
        // warning before it; none while the run stands still, or waits for a person's `next`,
        // which only another process's change brings.
        let warnings: Bool = if case .hook = purpose { true } else { false }
        wakeUp = viewModel.nextEvent(warnings: warnings).flatMap { delay in
            scheduler?.after(delay) { [weak self] in self?.wake() }
        }
        if case .wait = purpose, !viewState.status.isCounting { noteStopped(viewState) }
    }

    /// Says once for each status, on a terminal, that the countdown waited for is paused or reset
    /// (not started), so a wait that seems to hang explains itself; a script's log gets nothing.
    private func noteStopped(_ viewState: StopwatchViewState) {
        guard container.presentation.terminal.errorIsTerminal, viewState.status != notedStatus else { return }
        let note: MessageMapper.Note
        switch viewState.status {
        case .paused: note = .waitingWhilePaused(name, viewState)
        case .initial: note = .waitingWhileReset(name, viewState)
        case .running, .waiting, .expired: return
        }
        notedStatus = viewState.status
        container.presentation.messages.writeMessage(MessageMapper.line(for: note))
    }

    private func fail(_ error: any Error) {
        end(ExitCode(for: error), message: describe(error))
    }

    /// Ends the session once, with a message if there is one.
    @discardableResult
    private func end(_ code: ExitCode, message: String? = nil) -> ExitCode {
        guard outcome == nil else { return outcome! }
        outcome = code
        if let message { container.presentation.messages.writeMessage(message) }
        return code
    }
}
