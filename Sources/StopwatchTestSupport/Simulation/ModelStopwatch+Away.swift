/// Stretches nobody was there, as the README's "Away time" and the guide tell them: booked by the
/// away watcher when they end, cut by a correction told into them, given away as another run.
extension ModelStopwatch {
    /// The away watcher's booking at `now` of a stretch nobody was there (a lock, or no input)
    /// begun at `start`, on a stopwatch running on this boot: what the run counted of it after
    /// its running segment began, awake, is its away time; the sleep inside it, read from the
    /// clocks, was already. Under `drop` the awake time is taken out of its time, never below its
    /// latest lap, its phase last moved, or the start of the phase a cycle is in (an edge passed
    /// in the stretch stands). Only what it counted towards its plan is booked: the stretch ends,
    /// for the booking, where its countdown reached zero, its cycle ended or began to wait. The
    /// segment goes on from `now`.
    mutating func book(since start: Reading, at now: Reading) {
        if standing { return endStand(at: now) }
        guard status == .running, let since = runningSince, since.session == now.session,
            start.session == now.session
        else { return }
        let from = start.boot > since.boot ? start : since
        let over = overtime(at: now)
        let span = now.boot - from.boot
        let counted = max(0, span - over)
        let asleep = min(now.asleep - from.asleep, counted)
        let awake = counted - asleep
        guard awake > 0 else { return }
        let elapsed = elapsed(at: now)
        let inPhase = position(at: now)?.inPhase
        away = away(at: now) + awake
        accumulated = elapsed
        countingSince = countingSince ?? since.wall
        runningSince = now
        lastAway = Stretch(from: now.wall - span, to: now.wall - (span - counted), length: awake + asleep)
        if !countsAway {
            var floor = splitFloor
            if let inPhase { floor = max(floor, elapsed - inPhase) }
            accumulated = max(min(floor, elapsed), elapsed - awake)
        }
    }

    /// The away watcher hearing a stretch begin at `now`: a run that drops away time, running on
    /// this boot and not past its plan's end, stands still from then (what it counted stands),
    /// as the guide's "Away time" says.
    mutating func stand(at now: Reading) {
        guard status == .running, let since = runningSince, since.session == now.session,
            effectiveAwayPolicy == "drop", overtime(at: now) == 0
        else { return }
        accumulated = elapsed(at: now)
        away = away(at: now)
        countingSince = countingSince ?? since.wall
        runningSince = now
        standing = true
    }

    /// The stretch over at `now`: all of it since the stand began is away time, measured on the
    /// wall clock across a reboot (estimated there), counted only where its policy now counts away
    /// time (changed to `keep` while it stood); the run counts again from `now`.
    mutating func endStand(at now: Reading) {
        guard let since = runningSince else { return }
        let length = Self.between(since, now)
        standing = false
        // Ended as it began: the stretch before it stays the last.
        guard length > 0 else { return }
        away += length
        if countsAway {
            accumulated += length
            if since.session != now.session { estimated = true }
        }
        lastAway = Stretch(from: now.wall - length, to: now.wall, length: length)
        runningSince = now
    }

    /// How long it has counted past its plan at `now`: past a countdown's zero or a cycle's end, or
    /// waiting for a person at a cycle's wait; zero for a stopwatch.
    func overtime(at now: Reading) -> Int64 {
        if let position = position(at: now) { return position.waiting || position.finished ? position.overtime : 0 }
        guard case .countdown(let duration) = plan else { return 0 }
        return max(0, elapsed(at: now) - duration)
    }

    /// Cuts its last stretch to `start...end` on the wall clock, where a correction told after the
    /// fact now bounds the run: the part outside leaves its away time. Returns how much of that
    /// part the run never counted (all of it under `drop`), which the correction does not take
    /// back of its time.
    mutating func cutLastAway(before start: Int64? = nil, after end: Int64? = nil) -> Int64 {
        guard let stretch = lastAway, stretch.to > stretch.from else { return 0 }
        let from = max(stretch.from, start ?? stretch.from)
        let to = min(stretch.to, end ?? stretch.to)
        let kept = to > from ? min(stretch.length, to - from) : 0
        let cut = stretch.length - kept
        guard cut > 0 else { return 0 }
        let uncounted = losingAway(cut)
        lastAway = kept == 0 ? nil : Stretch(from: from, to: to, length: kept)
        return uncounted
    }

    /// Takes `amount`, the latest of its away time, off it; returns how much of it the run never
    /// counted: all under `drop`, none under `keep`, under `ask` what was decided dropped (the
    /// latest first).
    mutating func losingAway(_ amount: Int64) -> Int64 {
        away = max(0, away - amount)
        switch effectiveAwayPolicy {
        case "keep": return 0
        case "drop": return amount
        default:
            let uncounted = min(awayDropped, max(0, awayDecided - away))
            awayDropped -= uncounted
            awayDecided = min(awayDecided, away)
            return uncounted
        }
    }

    /// Its away time up to `now` decided as `policy` (`edit --away keep|drop` on a run that asks,
    /// a key in the live view, an answer to a notification that named `upTo` of it): its running
    /// segment folded at `now`, what was undecided kept, or taken out of its time (never below
    /// its latest lap or phase change). Nil when nothing is undecided, or it does not ask.
    func deciding(_ policy: String, upTo: Int64? = nil, at now: Reading) -> ModelStopwatch? {
        guard effectiveAwayPolicy == "ask", policy != "ask" else { return nil }
        var state = self
        if status == .running, let since = runningSince, since.session == now.session {
            state.accumulated = elapsed(at: now)
            state.away = away(at: now)
            state.countingSince = countingSince ?? since.wall
            state.runningSince = now
        }
        let target = min(state.away, upTo ?? state.away)
        let amount = target - awayDecided
        guard amount > 0 else { return nil }
        state.awayDecided = target
        if policy == "drop" {
            let floor = splitFloor
            let taken = max(0, min(amount, state.accumulated - floor))
            state.accumulated -= taken
            state.awayDropped += taken
        }
        return state
    }

    /// How far back from `end` on the wall clock a pause told after the fact may go taking back
    /// at most `counted` of its time: further by its last stretch where it never counted it.
    func reach(takingBack counted: Int64, before end: Int64) -> Int64 {
        guard let stretch = lastAway, stretch.to <= end, counted >= end - stretch.to else { return counted }
        var state = self
        return counted + state.losingAway(stretch.length)
    }

    /// Paused `ago` before `now`: on the boot clock within its running segment; before it (a
    /// reboot's estimate, a stretch booked), `ago` less on the wall clock, its last stretch cut
    /// where the pause falls and what of it the run never counted not taken back.
    mutating func pause(ago: Int64, at now: Reading) {
        if ago > 0, moment(ago, before: now) == nil {
            let elapsedNow = elapsed(at: now)
            let running = away(at: now) - away
            let uncounted = cutLastAway(after: now.wall - ago)
            accumulated = elapsedNow - ago + uncounted
            away += running
        } else {
            let then = elapsed(at: now, ago: ago)
            away = away(at: now, ago: ago)
            accumulated = then
        }
        status = .paused
        countingSince = nil
        runningSince = nil
        pausedWall = now.wall - ago
    }

    /// This run with its last stretch given away as another run (`edit --away-as`): out of its
    /// away time, and out of its time where it counted it. Nil when it has none.
    func givingUpLastAway() -> ModelStopwatch? {
        guard let stretch = lastAway else { return nil }
        var state = self
        let uncounted = state.losingAway(stretch.length)
        state.accumulated = max(0, accumulated - (stretch.length - uncounted))
        state.lastAway = nil
        return state
    }

    /// Whether a live view offers to decide its away time at `now` (`k`, `d`): its run asks
    /// (`--away ask`) and some of its away time is undecided.
    func offersDecision(at now: Reading) -> Bool {
        effectiveAwayPolicy == "ask" && status != .initial && away(at: now) > awayDecided
    }
}

extension ReferenceModel {
    /// Whether a live view of machine `index`'s stopwatch `name` offers to decide its away time
    /// at `now`.
    func offersDecision(_ name: String, on index: Int, at now: ModelStopwatch.Reading) -> Bool {
        stopwatches[ModelKey(machine: index, name: name)]?.offersDecision(at: now) ?? false
    }
}
