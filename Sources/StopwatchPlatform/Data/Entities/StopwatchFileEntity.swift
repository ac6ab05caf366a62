import StopwatchCore

/// A stopwatch's stored state (documented in docs/state-format.md): schema version 3, the `state`
/// of a line of the journal `NAME@MACHINE.jsonl`, for a stopwatch or a countdown alike; or, as written
/// before 0.4.0, the state file `NAME.json`, version 1 for a stopwatch and 2 for a countdown (which
/// adds `countdownMicroseconds`), read and carried over to a journal by the next change.
///
/// In version 1 and 2 the lap history lives apart, in `NAME.laps`, and `laps.bytes` records how
/// many bytes of it are committed; in version 3 the laps are lines of the journal, and there is no
/// `laps.bytes`.
struct StopwatchFileEntity: Equatable {
    static let stopwatchSchemaVersion = 1
    static let countdownSchemaVersion = 2
    static let journalSchemaVersion = 3
    /// Every version this build reads, as its messages name them.
    static let readableSchemaVersions = [stopwatchSchemaVersion, countdownSchemaVersion, journalSchemaVersion]

    var schemaVersion: Int
    var name: String
    var status: String
    var accumulatedMicroseconds: Int64
    var runningSince: TimeReadingEntity?
    var estimated: Bool
    var startedAt: String?
    var laps: LapLogEntity
    var updatedAt: String
    /// What the run follows: `countdownMicroseconds` or `sequence`, neither for a stopwatch.
    var plan: PlanEntity
    /// What a countdown does at zero until it is claimed; absent when nothing (version 3 only).
    var hook: ExpiryHookEntity? = nil
    /// Where a cycle's phases count from after `next`; absent from phase 0 at zero.
    var phaseAnchor: PhaseAnchorEntity? = nil
    /// A cycle's anchors before `phaseAnchor`, oldest first, read straight into the Core's (as a
    /// sequence's phases are); absent for none (version 3 only).
    var earlierPhaseAnchors: [PhaseAnchor]? = nil
    /// How many of a cycle's edges its hook was claimed for; absent for none.
    var firedEdges: Int? = nil
    /// How many of a cycle's phases had their warning claimed; absent for none.
    var firedWarnings: Int? = nil
    /// How many of the edges last claimed its waiter has not yet handed on; absent for none.
    var undeliveredEdges: Int? = nil
    /// The run's tags, comma-separated and sorted; absent for none (version 3 only).
    var tags: String? = nil
    /// The id of the run it holds, 32 hex digits; absent for none, or one begun before 0.5.0.
    var runID: String? = nil
    /// When it was paused, RFC 3339; only while paused, absent when paused before 0.5.0.
    var pausedAt: String? = nil
    /// When its running segment really began, when `runningSince` was moved on without a pause
    /// (RFC 3339); only while running.
    var countingSince: String? = nil
    /// The machine whose store wrote it (`MachineID`), 16 hex digits, and what that machine is
    /// called (its host name): a journal line only; absent before 0.5.0.
    var machine: String? = nil
    var host: String? = nil
    /// How long nobody was there while the run counted (asleep, locked, idle), before its running
    /// segment (`StopwatchState.away`); absent for none (version 3 only).
    var awayMicroseconds: Int64? = nil
    /// What the run does with away time, `keep`, `drop` or `ask`, when given; absent for its plan's
    /// default (version 3 only).
    var awayPolicy: String? = nil
    /// How much of `awayMicroseconds` was a locked screen's and a stretch with no input's
    /// (`StopwatchState.awayLocked`, `awayIdle`); absent for none.
    var awayLockedMicroseconds: Int64? = nil
    var awayIdleMicroseconds: Int64? = nil
    /// Under `ask`, how much of `awayMicroseconds` a person decided, and how much of that dropped
    /// (`StopwatchState.awayDecided`, `awayDropped`); absent for none.
    var awayDecidedMicroseconds: Int64? = nil
    var awayDroppedMicroseconds: Int64? = nil
    /// The last away stretch booked on the run in progress, with its bounds
    /// (`StopwatchState.lastAway`); absent for none.
    var lastAway: AwayStretchEntity? = nil
    /// While the run stands still because nobody is there, why: `lock` or `idle`
    /// (`StopwatchState.awayStand`); absent otherwise. Only on a running stopwatch.
    var awayStand: String? = nil
    /// A countdown's hook claimed at its zero, which time added after it arms again
    /// (`StopwatchState.claimedHook`); absent otherwise.
    var claimedHook: ExpiryHookEntity? = nil
}

/// A cycle's `PhaseAnchor` as stored.
struct PhaseAnchorEntity: Equatable {
    var index: Int
    var atMicroseconds: Int64
    /// How much longer than planned the phase lasts (`timer --add`); absent for none.
    var extraMicroseconds: Int64 = 0

    init(index: Int, atMicroseconds: Int64, extraMicroseconds: Int64 = 0) {
        self.index = index
        self.atMicroseconds = atMicroseconds
        self.extraMicroseconds = extraMicroseconds
    }

    init(_ anchor: PhaseAnchor) {
        self.init(
            index: anchor.index, atMicroseconds: anchor.at.wholeMicroseconds,
            extraMicroseconds: anchor.extra.wholeMicroseconds)
    }

    var anchor: PhaseAnchor {
        PhaseAnchor(index: index, at: .microseconds(atMicroseconds), extra: .microseconds(extraMicroseconds))
    }
}

/// A countdown's `ExpiryHook` as stored: the command for `/bin/sh -c`, and whether to notify.
struct ExpiryHookEntity: Equatable {
    var command: String?
    var notify: Bool

    init(command: String?, notify: Bool) {
        self.command = command
        self.notify = notify
    }

    /// `hook` as stored.
    init(_ hook: ExpiryHook) {
        self.init(command: hook.command, notify: hook.notify)
    }

    /// The Core's hook; a command empty or holding a NUL (which `/bin/sh -c` cannot be given) is
    /// `badHookCommand`.
    func hook() throws(EntityError) -> ExpiryHook {
        if let command, command.isEmpty || command.utf8.contains(0) { throw .badHookCommand }
        return ExpiryHook(command: command, notify: notify)
    }
}

/// A `TimeReading` as stored: whole microseconds on each clock, and the boot session's identity.
struct TimeReadingEntity: Equatable {
    var wallMicroseconds: Int64
    var bootMicroseconds: Int64
    var bootSession: String
    /// How long the machine had slept since its boot (`TimeReading.asleep`); absent in a reading
    /// written before 0.5.0.
    var asleepMicroseconds: Int64? = nil
}

/// How many laps there are and the latest, so `lap` and `status` never read the history; in
/// versions 1 and 2, the committed length of the lap file too.
struct LapLogEntity: Equatable {
    var count: Int
    var bytes: Int64?
    var latest: LapEntity?
}

/// One line of `NAME.laps`, and the latest lap in the state file.
struct LapEntity: Equatable {
    var number: Int
    var lapMicroseconds: Int64
    var totalMicroseconds: Int64
    var label: String?
    var recordedAt: String
}
