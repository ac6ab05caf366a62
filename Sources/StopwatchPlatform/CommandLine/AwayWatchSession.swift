import Glibc
import StopwatchCore

/// Runs the away watcher: the background process that books a locked screen's and an idle
/// stretch's time on the runs of this machine that count through it (`StopwatchAction.bookAway`,
/// as each run's away policy says), told by systemd-logind over the system bus (`LoginSession`);
/// and, told by logind that the machine woke (`PrepareForSleep`), the sleep outside any such
/// stretch, with its bounds, so that a night can be given up or booked as another run. (Suspend
/// time itself is read from the clocks, watcher or none: what the watcher adds is where the
/// sleep lay. A sleep inside a lock is the lock's stretch, booked at the unlock.)
///
/// One a machine: it holds the mark `WaiterMark.away` while it runs, and a command that sets a
/// run going, or `list`, starts one where none holds it (`keepRunning`). It ends, with success,
/// when no run of this machine is running, when logind cannot be asked (no system bus, no
/// session: there is nothing to watch, and suspend needs no watcher), when the bus goes, and on
/// SIGINT, SIGTERM and SIGHUP. Nothing polls: it sleeps in one poll(2) on the bus's socket and on SIGIO from the
/// state directory, which tells it a run stopped.
///
/// A run whose away policy is `ask` gets a notification when a stretch is booked on it, with
/// "Keep", "Drop" and "Book as…" where the server shows actions (`NotificationActions`, on the
/// session bus): the answer is carried out as `edit RUN --away keep|drop` or `--away-as away`
/// would, deciding the away time the notification named and no more, and the watcher stays,
/// after nothing runs, until each is answered or closed (an hour at most). One notification a
/// run: a later stretch updates the one on screen in place.
///
/// Two started at once (two shells' `start` in the same instant, bars listing together) do not
/// both watch: the mark is taken alone, and the one refused it ends before it listens.
///
/// Unchecked `Sendable`: it is used on one thread only, its loop's.
final class AwayWatchSession: @unchecked Sendable {
    /// The argument the watcher is started with: a form no one types, so no help, manual or
    /// completion shows it.
    static let argument = "--watch-away"
    private let container: DependencyContainer
    private let environment: (String) -> String?
    private var hints = LoginSession.Hints()
    /// Where the stretch nobody was there began, and why; nil while somebody is.
    private var stretch: (start: TimeReading, cause: AwayCause)?
    /// The last reading taken awake: where the next sleep, heard on waking, began at the earliest.
    private var lastAwake: TimeReading
    private var outcome: ExitCode?
    /// Where a run's undecided away time is asked about, and the answers heard; nil with no
    /// session bus.
    private let answering: NotificationActions?
    private var loop: PollScheduler?
    private var session: LoginSession?
    /// When it stops waiting for answers: an hour after the last notification sent.
    private var giveUp: ScheduledWork?
    /// Stretches whose booking on some runs could not be written (a full disk), tried again
    /// every `retryInterval` as they ended, until written or the runs stop.
    private var unwritten: [(cause: AwayCause, start: TimeReading, end: TimeReading, names: [StopwatchName])] = []
    private var retry: ScheduledWork?
    /// How often a booking that could not be written is tried again.
    static let retryInterval = Duration.seconds(30)

    init(
        container: DependencyContainer, environment: @escaping (String) -> String? = AwayWatchSession.processEnvironment
    ) {
        self.container = container
        self.environment = environment
        lastAwake = container.services.timeSource.now()
        answering = DBusConnection.sessionBusAddress(environment: environment).map(NotificationActions.init)
    }

    /// This process's environment, as `getenv` reads it.
    static func processEnvironment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// After a command set `viewModel`'s run going on this machine, starts the watcher where logind
    /// may be there to ask (a session named, or logind's seats and a system bus) and none holds
    /// its mark. Nothing without a state directory to hold the mark in.
    static func keepRunning(
        after action: StopwatchAction, of viewModel: StopwatchViewModel, in container: DependencyContainer
    ) {
        guard action.setsRunGoing, viewModel.viewState?.status == .running, viewModel.viewState?.runsOn == nil
        else { return }
        start(in: container)
    }

    /// After `list` read the stopwatches, starts the watcher where a run of this machine is
    /// running and none holds its mark: after a reboot, at login (`stopwatch-waiters.service`
    /// runs `list`), or from a bar that lists.
    static func keepRunning(for list: StopwatchListViewModel, in container: DependencyContainer) {
        guard !list.runningHere.isEmpty else { return }
        start(in: container)
    }

    /// Starts the watcher, detached, where logind may be there to ask and none holds its mark.
    private static func start(in container: DependencyContainer) {
        guard let marks = container.data.waiterMarks, Self.mayHaveLogind(processEnvironment), !marks.isHeld(.away),
            let executable = ChildProcess.currentExecutable
        else { return }
        _ = ChildProcess.startDetached(executable, arguments: ["stopwatch", argument])
    }

    /// Whether logind may be asked here: a session named (`XDG_SESSION_ID`), or logind's seats
    /// kept and a system bus to ask on. A guess made with no bus traffic, so a `start` pays for no
    /// watcher where none could watch.
    static func mayHaveLogind(_ environment: (String) -> String?) -> Bool {
        if let id = environment("XDG_SESSION_ID"), !id.isEmpty { return true }
        guard access("/run/systemd/seats", F_OK) == 0 else { return false }
        if let address = environment("DBUS_SYSTEM_BUS_ADDRESS"), !address.isEmpty { return true }
        return access("/run/dbus/system_bus_socket", F_OK) == 0
    }

    /// Watches until no run of this machine is running; its exit status.
    func run() -> ExitCode {
        guard let loop = PollScheduler(signals: ExitCode.endingSignals + [SIGIO]) else { return .software }
        // One a machine: a second, started in the same instant, ends before it listens.
        if let marks = container.data.waiterMarks, !marks.hold(.away) { return .success }
        // Watch first, then read: a run stopped in between is not missed.
        let watch = container.data.changes?.signalling()
        defer { withExtendedLifetime(watch) {} }
        let id = environment("XDG_SESSION_ID").flatMap { $0.isEmpty ? nil : $0 }
        guard let session = try? LoginSession(address: LoginSession.systemBusAddress(environment: environment), id: id),
            let first = try? session.hints()
        else { return .success }
        (self.loop, self.session) = (loop, session)
        listen()
        // A stand left open by a watcher gone (killed, or the bus gone) ends now if somebody is
        // there; if nobody is, the stretch begins again from now.
        if !first.isAway { ViewModelFactory(container: container).endStandsHere() }
        apply(first)
        guard !runningHere().isEmpty else { return .success }
        let polled = loop.run(
            handling: { event in
                switch event {
                case .signal(SIGIO): endIfDone()
                case .signal(let number):
                    // Ended while nobody is there: the runs standing go on (the stretch so far
                    // booked), as no watcher is left to end their stand.
                    if stretch != nil { ViewModelFactory(container: container).endStandsHere() }
                    outcome = ExitCode(endingBy: number)
                case .hangUp: break
                case .readable:
                    answered()
                    guard let changes = try? session.changes() else {
                        outcome = .success
                        return
                    }
                    // The sleep is read from the clocks (`PrepareForSleep` only wakes the loop), so a
                    // signal sent as the machine froze, and taken with the next, loses nothing.
                    noticeSleep()
                    for change in changes { apply(hints.updated(by: change)) }
                }
            },
            until: { outcome != nil }
        )
        return polled ? outcome ?? .software : .software
    }

    /// Ends once no run of this machine is running and no notification awaits its answer.
    private func endIfDone() {
        if runningHere().isEmpty, answering?.awaited.isEmpty ?? true { outcome = .success }
    }

    /// Listens to the session's socket, and to the notification server's while answers are awaited.
    private func listen() {
        let answers = answering.flatMap { $0.awaited.isEmpty ? nil : $0.descriptor }
        loop?.listen(to: [session?.connection.fileDescriptor, answers].compactMap { $0 })
    }

    /// Takes the session's hints as they now are: a stretch begins when nobody is there any more
    /// (a lock, or the desktop's idle delay passed, from when input stopped), the runs that drop
    /// away time standing still from then, and ends, booked, when somebody is again.
    private func apply(_ new: LoginSession.Hints) {
        defer { hints = new }
        let now = container.services.timeSource.now()
        if stretch == nil, new.isAway {
            let cause: AwayCause = new.locked ? .lock : .idle
            stretch = (cause == .lock ? now : Self.idleStart(new.idleSinceMonotonic, now: now), cause)
            ViewModelFactory(container: container).standOnRunsHere(cause)
        } else if let stretch, !new.isAway {
            self.stretch = nil
            book(stretch.cause, since: stretch.start)
        }
        lastAwake = now
    }

    /// Books the machine's sleep since the last reading taken awake, if it slept, as a suspend's
    /// stretch; unless a lock or an idle stretch is open, whose booking takes the sleep in.
    private func noticeSleep() {
        let now = container.services.timeSource.now()
        if stretch == nil, now.bootSession == lastAwake.bootSession, now.asleep > lastAwake.asleep {
            book(.suspend, since: lastAwake)
        }
        lastAwake = now
    }

    /// Books the stretch of `cause` begun at `start` and ended now (or at `end`, on `names`, tried
    /// again) on each run of this machine running now, and asks about each whose policy leaves
    /// it undecided. A booking that cannot be written is said (on standard error, and as a
    /// notification where a server answers) and tried again every `retryInterval`, never dropped.
    private func book(
        _ cause: AwayCause, since start: TimeReading, until end: TimeReading? = nil, only names: [StopwatchName]? = nil
    ) {
        let end = end ?? container.services.timeSource.now()
        let booking = ViewModelFactory(container: container).bookAwayOnRunsHere(
            cause, since: start, until: end, only: names)
        for viewModel in booking.booked {
            guard let state = viewModel.viewState, state.away.isUndecided else { continue }
            ask(about: state, runID: viewModel.runID)
        }
        guard let failure = booking.failed.first else { return }
        let failed = booking.failed.map(\.name)
        unwritten.append((cause, start, end, failed))
        // Said once, at the first try: a retry that fails again says nothing new.
        if names == nil {
            let note = MessageMapper.line(
                for: .awayNotWritten(
                    failed, cause, length: end.wall - start.wall,
                    reason: container.presentation.errors.message(for: failure.error),
                    retry: Self.retryInterval))
            container.presentation.messages.writeMessage(note)
            if let answering {
                _ = DesktopNotifications(address: answering.address).notify(summary: "stopwatch", body: note)
            }
        }
        retry?.cancel()
        retry = loop?.after(Self.retryInterval) { [weak self] in self?.bookUnwritten() }
    }

    /// Tries again each booking that could not be written, as its stretch ended.
    private func bookUnwritten() {
        let pending = unwritten
        unwritten = []
        for stretch in pending { book(stretch.cause, since: stretch.start, until: stretch.end, only: stretch.names) }
    }

    /// Tells the person that `state`'s away time waits for their decision: with "Keep" and "Drop"
    /// where the server shows actions (the answer heard for an hour), else plain, with the
    /// commands that decide. One notification a run: a later stretch's takes the place of the one
    /// still on screen (`replaces_id`), naming all that is undecided, and its answer decides that.
    private func ask(about state: StopwatchViewState, runID: EventID?) {
        guard let answering, let name = StopwatchName(state.name) else { return }
        let (summary, body) = MessageMapper.awayNotification(state)
        let offered = MessageMapper.awayNotificationActions
        let awaited = NotificationActions.Awaited(
            name: name, runID: runID, offered: offered.map(\.key), hook: nil,
            awayUpTo: .microseconds(state.away.time.microseconds))
        let shown = answering.awaited.first { $0.value.hook == nil && $0.value.name == name && $0.value.runID == runID }
        guard
            answering.notify(
                summary: summary, body: body, offering: offered, awaiting: awaited, replacing: shown?.key ?? 0)
        else {
            _ = DesktopNotifications(address: answering.address).notify(summary: summary, body: body)
            return
        }
        listen()
        giveUp?.cancel()
        giveUp = loop?.after(WaitSession.answerTime) { [weak self] in
            self?.answering?.forget()
            self?.listen()
            self?.endIfDone()
        }
    }

    /// Carries out what a person chose on a notification, on the run it was sent for: as
    /// `edit RUN --away keep|drop` would, or for "Book as…", as `edit RUN --away-as away`, and
    /// tells with another notification the run it became and how to name it.
    private func answered() {
        guard let answering, !answering.awaited.isEmpty else { return }
        let factory = ViewModelFactory(container: container)
        for (answer, awaited) in answering.answers() {
            guard case .chosen(_, let key) = answer, let upTo = awaited.awayUpTo else { continue }
            let run = awaited.runID.map { RunReference.id($0.hex) } ?? .name(awaited.name)
            if let booked = try? factory.answerAway(key, about: run, upTo: upTo) {
                let (summary, body) = MessageMapper.awayBookedNotification(booked, from: awaited.name.rawValue)
                _ = DesktopNotifications(address: answering.address).notify(summary: summary, body: body)
            }
        }
        listen()
        endIfDone()
    }

    /// The reading when input stopped, `since` on the monotonic clock (logind's
    /// `IdleSinceHintMonotonic`, microseconds): `now` less the awake time since, the monotonic
    /// clock being the boot clock less the sleep (the host's, as the reading has them, whatever
    /// time namespace this process is in); `now` when unknown (0) or not before it.
    static func idleStart(_ since: UInt64, now: TimeReading) -> TimeReading {
        let monotonic = now.boot - now.asleep
        let ago = monotonic - Duration(wholeMicroseconds: Int64(clamping: since))
        guard since > 0, ago > .zero else { return now }
        return TimeReading(wall: now.wall - ago, boot: now.boot - ago, bootSession: now.bootSession, asleep: now.asleep)
    }

    /// The runs of this machine running now; none when they cannot be read.
    private func runningHere() -> [StopwatchName] {
        let list = ViewModelFactory(container: container).makeStopwatchListViewModel()
        try? list.handle(.load)
        return list.runningHere
    }
}
