import StopwatchCore

/// Conversions between the stored entities and the Core's, with the checks a file from disk needs.
///
/// Every number must lie in the range docs/state-format.md gives it, so that no figure read from a
/// file can make the arithmetic that follows overflow, and the file store runs the same checks on
/// what it is about to write, so it never writes a file it would refuse to read.
extension StopwatchFileEntity {
    /// The state as a journal line holds it (version 3), or with `lapBytes`, as a version 1 or 2
    /// state file does.
    init(_ state: StopwatchState, lapBytes: Int64? = nil, updatedAt: Duration) {
        let plan = PlanEntity(state.plan)
        self.init(
            schemaVersion: lapBytes == nil
                ? Self.journalSchemaVersion
                : plan.countdownMicroseconds == nil ? Self.stopwatchSchemaVersion : Self.countdownSchemaVersion,
            name: state.name.rawValue,
            status: StoredStatus.token(for: state.status),
            accumulatedMicroseconds: state.accumulated.wholeMicroseconds,
            runningSince: state.runningSince.map(TimeReadingEntity.init),
            estimated: state.isEstimated,
            startedAt: state.startedAt.map(RFC3339Timestamp.string(from:)),
            laps: LapLogEntity(count: state.lapCount, bytes: lapBytes, latest: state.latestLap.map(LapEntity.init)),
            updatedAt: RFC3339Timestamp.string(from: updatedAt),
            plan: plan,
            hook: state.hook.map(ExpiryHookEntity.init),
            phaseAnchor: state.phaseAnchor.map(PhaseAnchorEntity.init),
            earlierPhaseAnchors: state.earlierAnchors.isEmpty ? nil : state.earlierAnchors,
            firedEdges: state.firedEdges == 0 ? nil : state.firedEdges,
            firedWarnings: state.firedWarnings == 0 ? nil : state.firedWarnings,
            undeliveredEdges: state.undeliveredEdges == 0 ? nil : state.undeliveredEdges,
            tags: state.tags.isEmpty ? nil : state.tags.joined(separator: ","),
            runID: state.runID?.hex,
            pausedAt: state.pausedAt.map(RFC3339Timestamp.string(from:)),
            countingSince: state.countingSince.map(RFC3339Timestamp.string(from:)),
            awayMicroseconds: state.away == .zero ? nil : state.away.wholeMicroseconds,
            awayPolicy: state.awayPolicy?.rawValue,
            awayLockedMicroseconds: state.awayLocked == .zero ? nil : state.awayLocked.wholeMicroseconds,
            awayIdleMicroseconds: state.awayIdle == .zero ? nil : state.awayIdle.wholeMicroseconds,
            awayDecidedMicroseconds: state.awayDecided == .zero ? nil : state.awayDecided.wholeMicroseconds,
            awayDroppedMicroseconds: state.awayDropped == .zero ? nil : state.awayDropped.wholeMicroseconds,
            lastAway: state.lastAway.map(AwayStretchEntity.init),
            awayStand: state.awayStand?.rawValue,
            claimedHook: state.claimedHook.map(ExpiryHookEntity.init)
        )
    }

    /// The Core state, or a description of what makes this entity invalid: a journal line's
    /// (`inJournal`, version 3) or a state file's (version 1 or 2).
    func state(expecting expectedName: StopwatchName, inJournal: Bool = true) throws(EntityError) -> StopwatchState {
        switch (inJournal, schemaVersion, self.plan.countdownMicroseconds) {
        case (true, Self.journalSchemaVersion, _), (false, Self.stopwatchSchemaVersion, nil),
            (false, Self.countdownSchemaVersion, .some):
            break
        case (false, Self.stopwatchSchemaVersion, .some), (false, Self.countdownSchemaVersion, nil):
            throw .countdownFieldMismatch
        default:
            throw .unsupportedSchemaVersion(schemaVersion)
        }
        // A state file counts the lap file's committed bytes; a journal line has its laps beside it.
        guard inJournal == (laps.bytes == nil) else {
            throw .inconsistentLaps
        }
        guard name == expectedName.rawValue else {
            throw .namesAnother(found: name, expected: expectedName.rawValue)
        }
        guard let status = StoredStatus.status(for: status) else {
            throw .unknownStatus(status)
        }
        try StoredRange.nonNegative.check(accumulatedMicroseconds, "accumulatedMicroseconds")
        let plan = try self.plan.plan(inJournal: inJournal)
        guard (status == .running) == (runningSince != nil) else {
            throw .runningSinceMismatch
        }
        if let hook {
            // Only a countdown has a zero to run it at (a cycle, edges), and only a journal line holds one.
            guard inJournal, plan != .open else { throw .hookWithoutCountdown }
            _ = try hook.hook()
        }
        let sequence: PhaseSequence? = if case .sequence(let sequence) = plan { sequence } else { nil }
        if let phaseAnchor {
            guard sequence != nil else { throw .phaseAnchorWithoutSequence }
            try StoredRange.phaseIndex.check(Int64(phaseAnchor.index), "phaseAnchor.index")
            try StoredRange.nonNegative.check(phaseAnchor.atMicroseconds, "phaseAnchor.atMicroseconds")
            try Self.check(extra: phaseAnchor.anchor, of: sequence)
        }
        if let earlierPhaseAnchors {
            // `phaseAnchor` was checked to be beside a sequence above.
            guard inJournal, let phaseAnchor else { throw .badEarlierPhaseAnchors }
            try Self.check(earlierPhaseAnchors, before: phaseAnchor)
            for anchor in earlierPhaseAnchors { try Self.check(extra: anchor, of: sequence) }
        }
        // One check after the other, not a loop over an array of pairs: that array's type is one
        // the runtime makes at first use, which every command paid for.
        if let firedEdges {
            guard sequence != nil else { throw .phaseAnchorWithoutSequence }
            try StoredRange.phaseIndex.check(Int64(firedEdges), "firedEdges")
        }
        if let firedWarnings {
            guard sequence != nil else { throw .phaseAnchorWithoutSequence }
            try StoredRange.phaseIndex.check(Int64(firedWarnings), "firedWarnings")
        }
        if let undeliveredEdges {
            guard sequence != nil else { throw .phaseAnchorWithoutSequence }
            try StoredRange.phaseIndex.check(Int64(undeliveredEdges), "undeliveredEdges")
        }
        try StoredRange.nonNegative.check(Int64(laps.count), "laps.count")
        if let bytes = laps.bytes { try StoredRange.nonNegative.check(bytes, "laps.bytes") }
        guard laps.bytes.map({ (laps.count == 0) == ($0 == 0) }) ?? true, (laps.count == 0) == (laps.latest == nil),
            laps.latest.map({ $0.number == laps.count }) ?? true
        else { throw .inconsistentLaps }
        guard status != .initial || (accumulatedMicroseconds == 0 && laps.count == 0) else {
            throw .initialWithTimeOrLaps
        }
        var tags: [String] = []
        if let text = self.tags {
            guard inJournal else { throw .tagsOutsideJournal }
            tags = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard tags.count <= Tag.maximumCount, tags.allSatisfy(Tag.isValid), tags == Tag.normalized(tags) else {
                throw .badTags(text)
            }
        }
        var startedAt: Duration?
        if let text = self.startedAt {
            guard let parsed = RFC3339Timestamp.duration(from: text) else {
                throw .notATime(field: "startedAt", value: text)
            }
            startedAt = parsed
        }
        var state = StopwatchState(
            name: expectedName,
            status: status,
            accumulated: .microseconds(accumulatedMicroseconds),
            runningSince: try runningSince?.reading(),
            isEstimated: estimated,
            lapCount: laps.count,
            latestLap: try laps.latest?.lap(field: "laps.latest."),
            startedAt: startedAt,
            plan: plan,
            hook: try hook?.hook(),
            phaseAnchor: phaseAnchor?.anchor,
            earlierAnchors: earlierPhaseAnchors ?? [],
            firedEdges: firedEdges ?? 0,
            firedWarnings: firedWarnings ?? 0,
            tags: tags
        )
        // Fields 0.5.0 added, set apart: the memberwise initializer's defaulted arguments cost
        // every command at start-up.
        state.undeliveredEdges = undeliveredEdges ?? 0
        if let runID {
            guard inJournal, status != .initial, let id = EventID(runID) else { throw .badRunID(runID) }
            state.runID = id
        }
        if let pausedAt {
            guard inJournal, status == .paused, let parsed = RFC3339Timestamp.duration(from: pausedAt) else {
                throw .notATime(field: "pausedAt", value: pausedAt)
            }
            state.pausedAt = parsed
        }
        if let countingSince {
            guard inJournal, status == .running, let parsed = RFC3339Timestamp.duration(from: countingSince) else {
                throw .notATime(field: "countingSince", value: countingSince)
            }
            state.countingSince = parsed
        }
        if let awayMicroseconds {
            guard inJournal, status != .initial else { throw .awayOutsideRun }
            try StoredRange.nonNegative.check(awayMicroseconds, "awayMicroseconds")
            state.away = .microseconds(awayMicroseconds)
        }
        if let awayPolicy {
            guard inJournal, let policy = AwayPolicy(rawValue: awayPolicy) else {
                throw .badAwayPolicy(awayPolicy)
            }
            state.awayPolicy = policy
        }
        if awayLockedMicroseconds != nil || awayIdleMicroseconds != nil {
            guard let awayMicroseconds else { throw .awayOutsideRun }
            let locked = awayLockedMicroseconds ?? 0
            let idle = awayIdleMicroseconds ?? 0
            try StoredRange(0...awayMicroseconds).check(locked, "awayLockedMicroseconds")
            try StoredRange(0...(awayMicroseconds - locked)).check(idle, "awayIdleMicroseconds")
            state.awayLocked = .microseconds(locked)
            state.awayIdle = .microseconds(idle)
        }
        if awayDecidedMicroseconds != nil || awayDroppedMicroseconds != nil {
            guard let awayMicroseconds else { throw .awayOutsideRun }
            let decided = awayDecidedMicroseconds ?? 0
            try StoredRange(0...awayMicroseconds).check(decided, "awayDecidedMicroseconds")
            let dropped = awayDroppedMicroseconds ?? 0
            try StoredRange(0...decided).check(dropped, "awayDroppedMicroseconds")
            state.awayDecided = .microseconds(decided)
            state.awayDropped = .microseconds(dropped)
        }
        if let lastAway {
            guard inJournal, status != .initial else { throw .awayOutsideRun }
            state.lastAway = try lastAway.stretch()
        }
        if let awayStand {
            guard inJournal, status == .running, let cause = AwayCause(rawValue: awayStand), cause != .suspend else {
                throw .badAwayStand(awayStand)
            }
            state.awayStand = cause
        }
        if let claimedHook {
            guard inJournal, case .countdown = plan, status != .initial else { throw .hookWithoutCountdown }
            state.claimedHook = try claimedHook.hook()
        }
        return state
    }

    /// Checks that an anchor's phase, with what was added to it, lasts from zero to the longest
    /// duration there is.
    private static func check(extra anchor: PhaseAnchor, of sequence: PhaseSequence?) throws(EntityError) {
        guard anchor.extra != .zero, let sequence else { return }
        let length = sequence.phase(anchor.index).duration + anchor.extra
        guard length >= .zero, length <= DurationSyntax.maximum else { throw .badPhaseExtra }
    }

    /// Checks a cycle's earlier anchors: oldest first, each after the one before and before
    /// `last` (`phaseAnchor`), within the phases a record itemizes. The first may be phase 0's:
    /// `timer --add` in the first phase anchors it there, and the `next` after it keeps it.
    private static func check(_ anchors: [PhaseAnchor], before last: PhaseAnchorEntity) throws(EntityError) {
        var index = -1
        var at: Int64 = 0
        for anchor in anchors {
            guard anchor.index > index, anchor.at.wholeMicroseconds >= at, anchor.index <= PhaseSequence.itemizedPhases
            else {
                throw .badEarlierPhaseAnchors
            }
            index = anchor.index
            at = anchor.at.wholeMicroseconds
        }
        guard last.index > index, last.atMicroseconds >= at else { throw .badEarlierPhaseAnchors }
    }
}

extension TimeReadingEntity {
    /// The boot session that versions before 0.3.0 wrote for the initial time namespace: the boot
    /// id, then the namespace's inode, which is fixed (`PROC_TIME_INIT_INO`) for that namespace.
    /// It has no clock offsets, so its readings are already host readings, as written today.
    static let initialNamespaceSuffix = " time:[4026531834]"

    init(_ reading: TimeReading) {
        self.init(
            wallMicroseconds: reading.wall.wholeMicroseconds,
            bootMicroseconds: reading.boot.wholeMicroseconds,
            bootSession: reading.bootSession.rawValue,
            asleepMicroseconds: reading.asleep.wholeMicroseconds
        )
    }

    func reading() throws(EntityError) -> TimeReading {
        try StoredRange.wall.check(wallMicroseconds, "runningSince.wallMicroseconds")
        try StoredRange.nonNegative.check(bootMicroseconds, "runningSince.bootMicroseconds")
        guard (1...256).contains(bootSession.utf8.count) else {
            throw .bootSessionLength
        }
        // Another namespace of an older version's file: its offsets are unknown, so it stays a
        // session of its own and the time since is estimated from the wall clock, once.
        let session =
            bootSession.hasSuffix(Self.initialNamespaceSuffix)
            ? String(bootSession.dropLast(Self.initialNamespaceSuffix.count)) : bootSession
        if let asleepMicroseconds {
            try StoredRange.nonNegative.check(asleepMicroseconds, "runningSince.asleepMicroseconds")
        }
        return TimeReading(
            wall: .microseconds(wallMicroseconds),
            boot: .microseconds(bootMicroseconds),
            bootSession: BootSession(session),
            // Written before 0.5.0: how long it had slept is not known, and taken as the most it
            // can have been, so that no sleep before the reading is told as away time after it.
            // Never more than the boot clock: a reading edited by hand may say otherwise.
            asleep: .microseconds(min(asleepMicroseconds ?? bootMicroseconds, bootMicroseconds))
        )
    }
}

extension LapEntity {
    init(_ lap: Lap) {
        self.init(
            number: lap.number,
            lapMicroseconds: lap.duration.wholeMicroseconds,
            totalMicroseconds: lap.total.wholeMicroseconds,
            label: lap.label,
            recordedAt: RFC3339Timestamp.string(from: lap.recordedAt)
        )
    }

    /// The Core lap; `field` prefixes the names in a complaint (`laps.latest.` in the state file).
    func lap(field: String = "") throws(EntityError) -> Lap {
        try StoredRange.nonNegative.check(Int64(number), field + "number", minimum: 1)
        try StoredRange.nonNegative.check(lapMicroseconds, field + "lapMicroseconds")
        try StoredRange.nonNegative.check(totalMicroseconds, field + "totalMicroseconds")
        guard totalMicroseconds >= lapMicroseconds else {
            throw .lap(number, .totalBelowLap(prefix: field))
        }
        if let label, let problem = Lap.problem(withLabel: label) {
            throw .lap(number, .invalidLabel(field: field + "label", problem))
        }
        guard let recordedAt = RFC3339Timestamp.duration(from: recordedAt) else {
            throw .lap(number, .notATime(field: field + "recordedAt", value: self.recordedAt))
        }
        return Lap(
            number: number,
            duration: .microseconds(lapMicroseconds),
            total: .microseconds(totalMicroseconds),
            label: label,
            recordedAt: recordedAt
        )
    }
}

/// The range of each kind of number in a state file (docs/state-format.md, "Ranges").
///
/// Every one stays within ±(2^53 − 1), so it is exact in a JSON double and any sum or difference
/// of two is far from the limits of 64 bits.
struct StoredRange {
    static let largestExact: Int64 = 1 << 53 - 1

    /// Durations, boot-clock readings, counts and byte lengths.
    static let nonNegative = StoredRange(0...largestExact)
    /// Wall-clock readings, microseconds either side of the Unix epoch.
    static let wall = StoredRange(-largestExact...largestExact)
    /// A countdown's length: what the duration grammar accepts, above zero and at most 100 years.
    static let countdown = StoredRange(1...DurationSyntax.maximum.wholeMicroseconds)
    /// A countdown's duration: a countdown's length, or nothing once `timer --add` took more than
    /// was left (it ended at once).
    static let countdownDuration = StoredRange(0...DurationSyntax.maximum.wholeMicroseconds)
    /// A cycle's phases in a round, its rounds (and `longEvery`), and the index of a phase.
    static let phaseCount = StoredRange(1...Int64(PhaseSequence.maximumPhases))
    static let rounds = StoredRange(1...Int64(PhaseSequence.maximumRounds))
    static let phaseIndex = StoredRange(0...Int64(PhaseSequence.maximumPhases * PhaseSequence.maximumRounds))
    /// A UTC offset in seconds: a day either side covers every zone there is.
    static let utcOffset = StoredRange(-86_400...86_400)

    let range: ClosedRange<Int64>

    init(_ range: ClosedRange<Int64>) {
        self.range = range
    }

    /// `field` is made only for a complaint: a cycle's phases name theirs by number.
    func check(_ value: Int64, _ field: @autoclosure () -> String, minimum: Int64? = nil) throws(EntityError) {
        let lower = minimum ?? range.lowerBound
        guard value >= lower, value <= range.upperBound else {
            throw .outOfRange(field: field(), value: value, lower: lower, upper: range.upperBound)
        }
    }
}

/// The tokens a state file writes for each status: the file's contract (docs/state-format.md),
/// apart from the words any screen shows, so renaming a word never changes a file.
enum StoredStatus {
    static func token(for status: StopwatchStatus) -> String {
        switch status {
        case .initial: "initial"
        case .running: "running"
        case .paused: "paused"
        }
    }

    static func status(for token: String) -> StopwatchStatus? {
        // A switch, not a search of `allCases`: that array's type is made at run time, which a
        // prompt's `status` would pay for.
        switch token {
        case Self.token(for: .initial): .initial
        case Self.token(for: .running): .running
        case Self.token(for: .paused): .paused
        default: nil
        }
    }
}

/// Why a decoded entity does not describe a valid stopwatch, naming the file's fields.
public indirect enum EntityError: Error, Sendable, Hashable {
    /// `countdownMicroseconds` present in a version 1 file or absent from a version 2 one.
    case countdownFieldMismatch
    case unsupportedSchemaVersion(Int)
    /// The file names another stopwatch than its file name.
    case namesAnother(found: String, expected: String)
    case unknownStatus(String)
    /// `runningSince` set while not running, or missing while running.
    case runningSinceMismatch
    /// `awayMicroseconds` outside a journal, or on a stopwatch with no run; or
    /// `awayLockedMicroseconds` or `awayIdleMicroseconds` without it.
    case awayOutsideRun
    /// `lastAway` with a cause there is none of, an end before its start, more slept than
    /// counted, or a suspend's not all asleep.
    case badAwayStretch
    /// `awayPolicy` outside a journal, or not `keep`, `drop` or `ask`.
    case badAwayPolicy(String)
    /// `awayStand` outside a journal, on a stopwatch not running, or not `lock` or `idle`.
    case badAwayStand(String)
    case inconsistentLaps
    case initialWithTimeOrLaps
    case notATime(field: String, value: String)
    case bootSessionLength
    case outOfRange(field: String, value: Int64, lower: Int64, upper: Int64)
    /// `prefix` names where the lap is (`laps.latest.` in a state file, nothing in a lap file).
    case totalBelowLap(prefix: String)
    case invalidLabel(field: String, LabelProblem)
    /// What is wrong with lap `number`.
    case lap(Int, EntityError)
    /// `hook` in a stopwatch's state, or in a state file written before the journal.
    case hookWithoutCountdown
    /// `hook.command` empty or holding a NUL, which `/bin/sh -c` cannot be given.
    case badHookCommand
    /// `sequence` in a state file written before the journal, or beside `countdownMicroseconds`.
    case sequenceOutsideJournal
    /// `phaseAnchor` or `firedEdges` without a `sequence`.
    case phaseAnchorWithoutSequence
    /// An anchor's `extraMicroseconds` that makes its phase shorter than zero or longer than any
    /// duration can be.
    case badPhaseExtra
    /// `earlierPhaseAnchors` outside a journal, without `phaseAnchor`, out of order, after it, or
    /// beyond the phases a record itemizes.
    case badEarlierPhaseAnchors
    case invalidPhaseLabel(field: String, Phase.LabelProblem)
    /// A history line's `field` that is not what it must be (docs/state-format.md, "History").
    case badHistoryField(field: String, value: String)
    /// `tags` that break the rule of `Tag`, or are not sorted and each once.
    case badTags(String)
    /// `tags` in a state file written before the journal.
    case tagsOutsideJournal
    /// `runID` that is not 32 hex digits, or beside no run.
    case badRunID(String)
}
