import StopwatchCore

/// Maps the Core's stopwatch entities to view states, reading elapsed time at a given instant.
public struct StopwatchUIMapper: Sendable {
    public let durations: DurationTextMapper
    /// For the local time a countdown ends at.
    public let zone: any LocalTimeZone

    /// What this machine calls itself (`STOPWATCH_MACHINE`, else its host name), asked when a run
    /// is shown: a run another machine recorded is told by that machine's name.
    public var machine: @Sendable () -> String? = { nil }

    public init(durations: DurationTextMapper = DurationTextMapper(), zone: any LocalTimeZone) {
        self.durations = durations
        self.zone = zone
    }

    /// `state` at `now`; with `laps`, the statistics of its whole lap history, the latest lap is
    /// marked best or worst as `laps` judges it.
    public func viewState(_ state: StopwatchState, at now: TimeReading, laps: LapStatistics? = nil)
        -> StopwatchViewState
    {
        // The Core's one reading: the status, the time, the phase and the run's end alike.
        let reading = state.reading(at: now)
        let elapsed = reading.elapsed
        var phase: PhaseViewState?
        var phaseLeft = DurationViewState.zero
        var phaseOver = DurationViewState.zero
        var phasePermille = 0
        let progress = reading.progress
        if let cycle = progress.phase {
            phase = viewState(cycle, elapsed: elapsed.duration, state: state, now: now)
            phaseLeft = self.phaseLeft(cycle)
            phaseOver = self.phaseOver(cycle)
            phasePermille = self.phasePermille(cycle)
        }
        let countdown = progress.end
        let status = reading.status
        var made = StopwatchViewState(
            name: state.name.rawValue,
            status: status,
            elapsed: durations.viewState(elapsed.duration),
            isEstimated: elapsed.isEstimated,
            lapCount: state.lapCount,
            latestLap: state.latestLap.map { lap in
                viewState(
                    lap, isBest: laps?.bestLapNumbers.contains(lap.number) ?? false,
                    isWorst: laps?.worstLapNumbers.contains(lap.number) ?? false)
            },
            startedAt: state.startedAt.map(RFC3339Timestamp.string(from:)),
            actions: RunActions(state, at: now),
            countdown: countdown.map { progress in
                viewState(
                    // While it waits for a person, nothing ends: the end moves on with the time.
                    progress, elapsed: elapsed.duration,
                    expiresAt: state.status == .running && status != .waiting
                        ? now.wall + progress.remaining - progress.overtime : nil,
                    now: now
                )
            },
            phase: phase,
            phaseLeft: phaseLeft,
            phaseOver: phaseOver,
            phasePermille: phasePermille,
            away: away(state, at: now)
        )
        if let machine = state.runsOn { made.runsOn = machine }
        return made
    }

    /// The share of a phase elapsed, at the live line's precision (hundredths).
    private func phasePermille(_ progress: SequenceProgress) -> Int {
        DurationTextMapper.permille(
            duration: durations.microseconds(progress.phase.duration),
            elapsed: durations.microseconds(progress.inPhase), unit: 10_000,
            isExpired: progress.isWaiting || progress.isFinished
        )
    }

    /// A phase's time left by the one rule of time left, at each precision.
    private func phaseLeft(_ progress: SequenceProgress) -> DurationViewState {
        durations.remainingViewState(duration: progress.phase.duration, elapsed: progress.inPhase)
    }

    private func phaseOver(_ progress: SequenceProgress) -> DurationViewState {
        progress.isWaiting ? durations.viewState(progress.overtime) : .zero
    }

    /// A cycle's phase, the reading taken at `elapsed`, of `state` at `now`: its end is known
    /// while the cycle runs and the phase lasts.
    func viewState(_ progress: SequenceProgress, elapsed: Duration, state: StopwatchState, now: TimeReading)
        -> PhaseViewState
    {
        let end =
            state.status == .running && !progress.isWaiting && !progress.isFinished
            ? now.wall + progress.leftInPhase : nil
        return PhaseViewState(
            label: progress.phase.label,
            number: progress.index + 1,
            count: progress.count,
            round: progress.round,
            rounds: progress.rounds,
            duration: durations.viewState(progress.phase.duration),
            startMicroseconds: elapsed.wholeMicroseconds - progress.inPhase.wholeMicroseconds
                - (progress.isWaiting ? progress.overtime.wholeMicroseconds : 0),
            next: progress.nextLabel,
            isWaiting: progress.isWaiting,
            warningMicroseconds: progress.warningMicroseconds,
            end: end.map { EndTime(instant: $0, now: now.wall, zone: zone) },
            positionInRound: progress.positionInRound,
            roundOf: progress
        )
    }

    /// `viewState` of the same `state` at a later `now`: only the times are mapped again, so a view
    /// refreshed every 10 ms does not rebuild the parts that cannot have changed; and the view
    /// state of a stopwatch that is not running, whose times stand still, is `previous` itself.
    public func viewState(
        _ previous: StopwatchViewState,
        refreshedFor state: StopwatchState,
        at now: TimeReading
    ) -> StopwatchViewState {
        guard state.status == .running else { return previous }
        let elapsed = state.elapsed(at: now)
        // Away time grows only in a suspend: with none in the running segment, the last mapping's
        // stands, its policy too (a change of the state maps it anew).
        let awayTime = state.away(at: now)
        // A cycle in the same phase as at the last mapping keeps it, its time left told from its
        // start; the run's end stands too. Past the phase's end, or waiting, it is read again: one
        // reading for its end and its phase alike.
        var phase = previous.phase
        var phaseLeft = DurationViewState.zero
        var phaseOver = DurationViewState.zero
        var phasePermille = 0
        var progress: CountdownProgress?
        var reread = false
        if let same = phase, !same.isWaiting,
            case let inPhase = elapsed.duration.wholeMicroseconds - same.startMicroseconds,
            inPhase >= 0, inPhase < same.duration.microseconds
        {
            phaseLeft = durations.remainingViewState(
                duration: Duration(wholeMicroseconds: same.duration.microseconds),
                elapsed: Duration(wholeMicroseconds: inPhase))
            phasePermille = DurationTextMapper.permille(
                duration: same.duration.microseconds, elapsed: inPhase, unit: 10_000, isExpired: false)
            progress = previous.countdown.map {
                state.countdownProgress(end: Duration(wholeMicroseconds: $0.duration.microseconds), at: now)
            }
        } else {
            reread = true
            let reading = state.progress(at: now)
            if let cycle = reading.phase {
                phase = viewState(cycle, elapsed: elapsed.duration, state: state, now: now)
                phaseLeft = self.phaseLeft(cycle)
                phaseOver = self.phaseOver(cycle)
                phasePermille = self.phasePermille(cycle)
            }
            progress = reading.end
        }
        let status = status(of: state, progress, waiting: phase?.isWaiting == true)
        var countdown = previous.countdown
        if reread, status != previous.status {
            // Waiting for a person or no longer: whether an end is known changed with it.
            countdown = progress.map {
                self.viewState(
                    $0, elapsed: elapsed.duration,
                    expiresAt: status == .waiting ? nil : now.wall + $0.remaining - $0.overtime, now: now)
            }
        } else if let progress, countdown != nil {
            // The duration, the expiry instant and the end time of an unchanged state stand.
            countdown!.remaining = durations.remainingViewState(duration: progress.duration, elapsed: elapsed.duration)
            countdown!.overtime = durations.viewState(progress.overtime)
            countdown!.isExpired = progress.isExpired
            countdown!.progressPermille = permille(progress, elapsed: elapsed.duration)
        } else {
            countdown = progress.map { self.viewState($0, elapsed: elapsed.duration, expiresAt: nil, now: now) }
        }
        var viewState = previous
        viewState.setTimes(
            elapsed: durations.viewState(elapsed.duration),
            isEstimated: elapsed.isEstimated,
            status: status,
            countdown: countdown,
            phase: phase,
            phaseLeft: phaseLeft,
            phaseOver: phaseOver,
            phasePermille: phasePermille,
            away: awayTime == state.away ? previous.away : previous.away.with(time: durations.viewState(awayTime))
        )
        return viewState
    }

    /// The run's away time at `now`, and what it does with it.
    private func away(_ state: StopwatchState, at now: TimeReading) -> AwayViewState {
        AwayViewState(
            time: durations.viewState(state.away(at: now)), policy: state.effectiveAwayPolicy,
            locked: durations.viewState(state.awayLocked), idle: durations.viewState(state.awayIdle),
            decided: durations.viewState(state.awayDecided), decidedDropped: durations.viewState(state.awayDropped))
    }

    public func viewState(_ history: LapHistory) -> LapsViewState {
        guard let statistics = LapStatistics(history.laps, resolution: DurationTextMapper.shownResolution) else {
            return LapsViewState(name: history.name.rawValue, laps: [], statistics: nil)
        }
        return LapsViewState(
            name: history.name.rawValue,
            laps: history.laps.map { lap in
                viewState(
                    lap,
                    isBest: statistics.bestLapNumbers.contains(lap.number),
                    isWorst: statistics.worstLapNumbers.contains(lap.number)
                )
            },
            statistics: LapStatisticsViewState(
                count: statistics.count,
                minimum: durations.viewState(statistics.minimum),
                maximum: durations.viewState(statistics.maximum),
                mean: durations.viewState(statistics.mean),
                median: durations.viewState(statistics.median)
            )
        )
    }

    /// The listing at `now`: the stopwatches `filter` lets through, the others counted in
    /// `omittedCount`. Its names are every stored one, read or not, for `.all`, else those shown.
    public func viewState(_ listing: StopwatchListing, at now: TimeReading, showing filter: StopwatchListFilter = .all)
        -> StopwatchListViewState
    {
        let shown = filter == .all ? listing.stopwatches : listing.stopwatches.filter(filter.includes)
        return StopwatchListViewState(
            stopwatches: shown.map { viewState($0, at: now) },
            unreadableCount: listing.failures.count,
            omittedCount: listing.stopwatches.count - shown.count,
            names: filter == .all ? listing.names.map(\.rawValue) : shown.map(\.name.rawValue),
            filter: filter
        )
    }

    /// The Core's one rule of the status a person reads (`RunReading.Status`).
    private func status(of state: StopwatchState, _ countdown: CountdownProgress?, waiting: Bool) -> DisplayStatus {
        DisplayStatus(state.status, endPassed: countdown?.isExpired == true, waiting: waiting)
    }

    private func viewState(_ progress: CountdownProgress, elapsed: Duration, expiresAt: Duration?, now: TimeReading)
        -> CountdownViewState
    {
        CountdownViewState(
            // Truncated as every time shown: the time left at the start, by the one rule.
            duration: durations.viewState(progress.duration),
            remaining: durations.remainingViewState(duration: progress.duration, elapsed: elapsed),
            overtime: durations.viewState(progress.overtime),
            isExpired: progress.isExpired,
            end: expiresAt.map { EndTime(instant: $0, now: now.wall, zone: zone) },
            progressPermille: permille(progress, elapsed: elapsed)
        )
    }

    /// The share of the duration elapsed, in thousandths, at the live line's precision (hundredths).
    private func permille(_ progress: CountdownProgress, elapsed: Duration) -> Int {
        DurationTextMapper.permille(
            duration: durations.microseconds(progress.duration), elapsed: durations.microseconds(elapsed), unit: 10_000,
            isExpired: progress.isExpired
        )
    }

    /// `17:30`, `17:30:45`, `12:26 tomorrow`, `09:00 on 2026-11-30`: the local time of `instant`,
    /// truncated to the second and shown to the minute when its seconds are zero, with its day when
    /// that is not today's (as of `now`). So `timer --until 17:30:45` ends at the time it was given.
    /// The instant is predicted from the boot clock, which drifts from the wall clock by some
    /// microseconds a minute: 5 ms are added before truncating, so an end due at 17:30:00 never
    /// shows as 17:29:59.
    func localEnd(_ instant: Duration, now: Duration) -> String {
        Self.localEnd(instant, now: now, zone: zone)
    }

    /// `localEnd(_:now:)` in `zone`.
    static func localEnd(_ instant: Duration, now: Duration, zone: any LocalTimeZone) -> String {
        let end = instant + .milliseconds(5) + zone.offset(at: instant)
        let time = RFC3339Timestamp.timeOfDay(end)
        let clock = String(time.dropFirst(5).hasPrefix(":00") ? time.prefix(5) : time.prefix(8))
        switch RFC3339Timestamp.day(end) - RFC3339Timestamp.day(now + zone.offset(at: now)) {
        case ...0: return clock
        case 1: return clock + " tomorrow"
        default: return clock + " on " + RFC3339Timestamp.date(end)
        }
    }

    private func viewState(_ lap: Lap, isBest: Bool = false, isWorst: Bool = false) -> LapViewState {
        LapViewState(
            number: lap.number,
            duration: durations.viewState(lap.duration),
            total: durations.viewState(lap.total),
            label: lap.label,
            isBest: isBest,
            isWorst: isWorst,
            recordedAtInstant: lap.recordedAt
        )
    }
}
