/// Corrects one run, ended or in progress (`edit RUN`): its start or its end moved, to a moment
/// or by a duration; its name; its tags; whether it books the time the machine slept
/// (`AwayPolicy`, `edit --away`; on a run that asks, a decision of what is undecided). The run's time grows or shrinks by as much as its span
/// (`RunRecord.moved`). An end before the start, a moment in the future, a bare time that makes
/// the run more than 12 hours long, less than nothing left, or an overlap with another run of
/// the same name is refused, and nothing is written. Published to the StateStore as the run as
/// corrected.
///
/// The run a stopwatch holds now is corrected in the stopwatch: its start moved (the time it
/// counts with it), its end an instant it was paused at (`pause --at`, before this boot
/// included), its tags; it is renamed only once it has ended.
public struct CorrectRunUseCase: Sendable {
    private let correction: RunCorrection
    private let timeZone: any LocalTimeZone

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource,
        timeZone: any LocalTimeZone, ids: any IDSource
    ) {
        correction = RunCorrection(history: history, stateStore: stateStore, timeSource: timeSource, ids: ids)
        self.timeZone = timeZone
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(
        _ reference: RunReference, start: TimeCorrection? = nil, end: TimeCorrection? = nil, name: StopwatchName? = nil,
        tags: [String]? = nil, away: AwayPolicy? = nil, awayUpTo: Duration? = nil
    ) throws -> RunRecord {
        let corrected = try correction.run(.edit) { lookup, listing, now in
            let run = try lookup.find(reference)
            // A run in progress is renamed once it has ended, another machine's there (said before
            // the refusal of any change to it).
            let renamesRunInProgress = name.map { $0 != run.name && run.current != nil } ?? false
            if renamesRunInProgress, run.machine != nil {
                throw StopwatchError.runInProgress(run.name, .edit, on: run.machine)
            }
            // Another machine's run in progress is corrected there, as any change to it.
            let holder = try listing.holder(of: run)
            let newStart = start?.instant(from: run.startedAt, now: now.wall, in: timeZone) ?? run.startedAt
            let newEnd = end?.instant(from: run.endedAt, now: now.wall, in: timeZone) ?? run.endedAt
            // Only a bound told: one left as it was may lie ahead of this machine's clock (another
            // machine's run, its clock ahead), and an away policy or a tag is still changed.
            for (told, instant) in [(start, newStart), (end, newEnd)] where told != nil && instant > now.wall {
                throw StopwatchError.inTheFuture(instant, now: now.wall)
            }
            guard newEnd > newStart || (newEnd == newStart && start == nil && end == nil) else {
                throw StopwatchError.endBeforeStart(start: newStart, end: newEnd)
            }
            if start?.isBare == true || end?.isBare == true, newEnd - newStart > Moment.bareLimit {
                throw StopwatchError.needsDate(
                    start: newStart, end: end == nil ? nil : newEnd, length: newEnd - newStart)
            }
            guard var moved = run.moved(start: newStart, end: newEnd) else { throw StopwatchError.lessThanNothing(run) }
            if let tags { moved.tags = Tag.normalized(tags) }
            if let away { moved = try Self.booking(moved, away, upTo: awayUpTo) }
            if renamesRunInProgress { throw StopwatchError.runInProgress(run.name, .edit, on: run.machine) }
            if let name { moved.name = name }
            // Only an overlap the correction makes: two machines that ran one name at once each
            // keep their run, and either may still be corrected.
            let overlapped = moved.name == run.name ? lookup.overlaps(of: run) : []
            if let other = lookup.overlapping(moved, start: moved.startedAt, end: moved.endedAt, except: overlapped) {
                throw StopwatchError.overlap(moved, other: other)
            }
            guard let state = holder else { return ([.revised(moved)], [], [moved]) }
            var corrected = try Self.corrected(
                state.rebased(at: now), holding: run, start: newStart, end: end == nil ? nil : newEnd, tags: tags,
                at: now)
            if let away { corrected = try Self.booking(corrected, away, upTo: awayUpTo, holding: run, at: now) }
            var shown = corrected.record(endedAt: now) ?? moved
            shown.current = corrected.status
            return (
                [.stopwatch(before: state, after: corrected)],
                [StopwatchWrite(name: state.name, state: corrected, beforeHistory: false)], [shown]
            )
        }
        return corrected[0]
    }

    /// `run` booking its away time as `policy` says: where it asks and some of it up to `upTo` is
    /// undecided, that decided (`RunRecord.deciding(_:upTo:)`), else its policy from its start
    /// (`withAwayPolicy(_:)`). With `upTo` (an answer to a notification naming the away time so
    /// far) only a decision is made: nothing left to decide is refused.
    static func booking(_ run: RunRecord, _ policy: AwayPolicy, upTo: Duration?) throws(StopwatchError) -> RunRecord {
        if let decided = run.deciding(policy, upTo: upTo) { return decided }
        guard upTo == nil else { throw .nothingUndecided(run) }
        return run.withAwayPolicy(policy)
    }

    /// `state`, holding `run` in progress, booking its away time as `policy` says, as
    /// `booking(_:_:upTo:)` books a record's.
    static func booking(
        _ state: StopwatchState, _ policy: AwayPolicy, upTo: Duration?, holding run: RunRecord, at now: TimeReading
    ) throws(StopwatchError) -> StopwatchState {
        if let decided = state.deciding(policy, upTo: upTo, at: now) { return decided }
        guard upTo == nil else { throw .nothingUndecided(run) }
        return state.withAwayPolicy(policy)
    }

    /// `state`, holding `run` in progress, with its start at `start`, paused at `end` when one is
    /// given, and its tags.
    static func corrected(
        _ state: StopwatchState, holding run: RunRecord, start: Duration, end: Duration?, tags: [String]?,
        at now: TimeReading
    ) throws(StopwatchError) -> StopwatchState {
        var corrected = state
        if let old = state.startedAt, start != old {
            // It counted from `old`; now from `start`: as much more, or less, a stretch nobody
            // was there cut where the start falls, and what of it was never counted not taken.
            var gained = old - start
            if gained < .zero {
                let cutting = state.cuttingLastAway(before: start)
                corrected = cutting.state
                gained += cutting.uncounted
            }
            // Never later than its latest lap or a cycle's phase last changed: those stand.
            let elapsed = state.elapsed(at: now).duration
            let floor = state.splitFloor
            if gained < .zero, elapsed + gained < floor {
                throw .startPastSplit(run, by: start - old, furthest: max(.zero, elapsed - floor))
            }
            corrected.startedAt = start
            if corrected.accumulated + gained >= .zero {
                corrected.accumulated += gained
            } else if corrected.status == .running, let since = corrected.runningSince,
                since.bootSession == now.bootSession,
                case let later = .zero - gained - corrected.accumulated, since.boot + later <= now.boot
            {
                // Later than its last resume: the running segment begins later. A start told
                // counts no sleep in the stretch told, as `start --ago` does.
                corrected.accumulated = .zero
                corrected.runningSince = TimeReading(
                    wall: since.wall + later, boot: since.boot + later, bootSession: since.bootSession,
                    asleep: min(max(since.asleep, now.asleep), since.boot + later))
            } else {
                throw .lessThanNothing(run)
            }
            // A start before this boot began is told, not measured on the boot clock.
            if start < now.wall - now.boot { corrected.isEstimated = true }
            if state.status == .running, (state.countingSince ?? state.runningSince?.wall) == old {
                corrected.countingSince = start
            }
        }
        if let end {
            switch corrected.status {
            case .running:
                corrected = try corrected.paused(at: now, ago: now.wall - end)
            case .paused:
                guard let pausedAt = corrected.pausedAt else { throw .pauseUnknown(state.name) }
                // A stretch nobody was there before the pause is cut where the end falls, and what
                // of it was never counted is not taken back.
                let (cut, uncounted) = corrected.cuttingLastAway(after: end)
                let taken = pausedAt - end - uncounted
                guard corrected.accumulated - taken >= .zero else { throw .lessThanNothing(run) }
                // Never before its latest lap, nor before a cycle's phase last changed: those stand.
                let floor = corrected.splitFloor
                if corrected.accumulated - taken < floor {
                    let furthest = corrected.wallSpan(
                        takingBack: max(.zero, corrected.accumulated - floor), before: pausedAt)
                    throw .backdateTooFar(.pause, corrected, ago: pausedAt - end, furthest: furthest, at: now)
                }
                corrected = cut
                corrected.accumulated -= taken
                corrected.pausedAt = end
            case .initial:
                break
            }
        }
        if let tags { corrected.tags = Tag.normalized(tags) }
        return corrected
    }
}
