import StopwatchCore

/// What a view can ask of one stopwatch.
public enum StopwatchAction: Sendable, Hashable {
    case start
    /// Start as of a moment told after the fact (`start --ago`, `--at`; now when nil), its run
    /// given `tags` (`start --tag`) and, when given, what it does with away time (`start --away`).
    case startWith(back: BackdateWord?, tags: [String], away: AwayPolicy? = nil)
    /// Pause, as of a moment told after the fact (`pause --ago`, `--at`).
    case pauseBack(BackdateWord)
    /// Reset and start again, in one locked step.
    case restart
    /// Restart, the new run given `tags` (`restart --tag`).
    case restartTagged([String])
    case pause
    case resume
    /// Start, pause or resume, whichever applies (the live view's space key).
    case toggle
    case lap(label: String?)
    /// `run NAME`, after the command: a lap of the command's own time.
    case recordRun(label: String?, duration: Duration)
    case reset
    /// Acknowledges an expired countdown: reset, so it no longer pins a bar (`dismiss NAME`).
    case dismiss
    /// Reads the stored stopwatch; one never created is `StopwatchError.noSuchStopwatch` (`status`).
    case load
    /// Reads the stopwatch that the machine called so keeps under the name (`status
    /// work@desktop`): one it does not keep is `StopwatchError.noSuchStopwatchOn`.
    case loadOn(machine: String)
    /// Reads the stored countdown (`wait`): one never created, or deleted since, is
    /// `StopwatchError.noSuchStopwatch`, and a stopwatch is refused.
    case loadCountdown
    /// Reads the stored cycle (`wait --edge`): one never created is
    /// `StopwatchError.noSuchStopwatch`, and anything but a cycle is refused; with `goingOn`
    /// (the first read), one that has ended too.
    case loadCycle(goingOn: Bool)
    /// Reads the stored stopwatch for the live view: one never created shows as initial, and
    /// starting it from the view creates it.
    case view
    /// Creates a countdown and starts it (`timer`), with what it does at zero; one in use is
    /// refused unless `replacing`.
    case startCountdown(
        CountdownLength, replacing: Bool, hook: ExpiryHook? = nil, tags: [String] = [], away: AwayPolicy? = nil)
    /// Starts an initial stopwatch, leaves a running one (`run NAME`, before the command).
    case startUnlessRunning
    /// Creates a run of a plan and starts it (`cycle`, and any kind of plan to come), with what it
    /// does at its end and edges; one in use is refused unless `replacing`.
    case startPlan(Plan, replacing: Bool, hook: ExpiryHook? = nil, tags: [String] = [], away: AwayPolicy? = nil)
    /// Ends a cycle's phase and begins the next (`next`).
    case nextPhase
    /// Gives a countdown more time, or less when negative (`timer --add`, `+`/`-`), adding the
    /// parts of `hook` to its hook.
    case addTime(Duration, hook: ExpiryHook? = nil)
    /// Books the stretch nobody was there that began at `since` and ended at `until` (nil: now)
    /// as away time, as the run's policy says (the away watcher, at an unlock or input, and again
    /// where that booking could not be written).
    case bookAway(AwayCause, since: TimeReading, until: TimeReading? = nil)
    /// Makes the run stand still from now where its policy drops away time, nobody being there
    /// (the away watcher, at a lock or once the desktop says input stopped); where `run` is given,
    /// only if it still holds that run.
    case standAway(AwayCause, run: EventID? = nil)
    /// Ends the run's stand, if it stands (a watcher starting with somebody there).
    case endAwayStand
    /// Decides what the run in progress does with its away time, as `edit NAME --away POLICY`
    /// does (a correction `undo` takes back): a live view's `k` and `d`.
    case decideAway(AwayPolicy)

    /// Whether the action may set a run going, which then needs a background waiter for its hook.
    public var setsRunGoing: Bool {
        switch self {
        case .start, .startWith, .restart, .restartTagged, .resume, .toggle, .startCountdown, .startPlan, .nextPhase:
            true
        default: false
        }
    }

    /// Whether a person acts on the run in progress by it, so that its undecided away time is
    /// worth a word (`MessageMapper.Note.awayUndecided`): not a read, nor a new run.
    public var touchesRunInProgress: Bool {
        switch self {
        case .pause, .pauseBack, .resume, .toggle, .lap, .nextPhase, .addTime: true
        default: false
        }
    }

    /// Whether the action creates a stopwatch never created: `start`, `restart`, `toggle`, `timer`
    /// (`run NAME` too, which is not said: its command line is its own).
    public var mayCreate: Bool {
        switch self {
        case .start, .startWith, .restart, .restartTagged, .toggle, .startCountdown, .startPlan: true
        default: false
        }
    }
}
