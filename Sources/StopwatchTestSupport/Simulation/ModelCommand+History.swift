/// What the commands that change history do, as the README's "History" and "Correcting
/// history, undo" tell it.
extension ModelCommand {
    /// `track`, `import`, `edit`, `remove`, `split`, `join`, `undo`, `redo`.
    mutating func correct(imported: [ImportedRun]?) -> ReferenceModel.Expectation {
        switch line.command {
        case "track": return track()
        case "import": return importRuns(imported ?? [])
        case "edit": return edit()
        case "remove": return remove()
        case "split": return split()
        case "join": return join()
        case "undo": return undo(redo: false)
        default: return undo(redo: true)
        }
    }

    /// The runs this machine's history holds.
    var runs: [String: ModelRun] { model.runs(on: index, in: simulation) }

    /// The runs in progress this machine reads, as history shows them now: those of its own
    /// stopwatches, and of other machines' as their journals last synced here say, read on this
    /// machine's clocks.
    func inProgress() -> [(key: ModelKey, run: ModelRun)] {
        model.stopwatches(seenBy: index, files: filesBefore, in: simulation).filter { $0.value.status != .initial }
            .compactMap {
                key, stopwatch in
                var rebased = stopwatch
                rebased.rebase(at: now)
                return record(rebased).map { (key, $0) }
            }.sorted { ($0.key.machine, $0.key.name) < ($1.key.machine, $1.key.name) }
    }

    /// The refusal of a change to a run another machine's stopwatch holds: changed there.
    func elsewhere(_ holder: ModelKey) -> ReferenceModel.Expectation? {
        holder.machine == index
            ? nil : .init(statuses: [1], why: "'\(holder.name)' runs on another machine: its run is changed there")
    }

    /// The run `reference` names: an id, or a name (the run its stopwatch holds now, else its latest).
    func find(_ reference: String) -> (run: ModelRun, holder: ModelKey?)? {
        if reference.count == 32, reference.allSatisfy(\.isHexDigit) {
            if let run = runs[reference] { return (run, nil) }
            return inProgress().first { $0.run.id == reference }.map { ($0.run, $0.key) }
        }
        // This machine's own in use, else another machine's in use, as a stopwatch's name means.
        let held = inProgress().filter { $0.run.name == reference }
        if let own = held.first(where: { $0.key.machine == index }) { return (own.run, own.key) }
        if let other = held.first,
            model.stopwatches[ModelKey(machine: index, name: reference)] == nil
                || model.stopwatches[ModelKey(machine: index, name: reference)]?.status == .initial
        {
            return (other.run, other.key)
        }
        // The latest to begin.
        return runs.values.filter { $0.name == reference }.max { ($0.start, -$0.serial) < ($1.start, -$1.serial) }.map {
            ($0, nil)
        }
    }

    /// Another run of `name` that `start`…`end` overlaps, `id`'s aside and those of `alsoExcept`.
    func overlaps(_ name: String, _ start: Int64, _ end: Int64, except id: String, alsoExcept: Set<String> = [])
        -> Bool
    {
        !overlapping(name, start, end, except: id).subtracting(alsoExcept).isEmpty
    }

    /// The ids of the other runs of `name` that `start`…`end` overlaps, `id`'s aside.
    func overlapping(_ name: String, _ start: Int64, _ end: Int64, except id: String) -> Set<String> {
        let others =
            runs.values.filter { $0.name == name && $0.id != id }
            + inProgress().map(\.run).filter { $0.name == name && $0.id != id }
        return Set(others.filter { $0.start < end && start < $0.end }.map(\.id))
    }

    /// Whether it touches a boundary the model leaves to the tool: an overlap by a microsecond.
    func touches(_ name: String, _ start: Int64, _ end: Int64, except id: String) -> Bool {
        let others =
            runs.values.filter { $0.name == name && $0.id != id }
            + inProgress().map(\.run).filter { $0.name == name && $0.id != id }
        return others.contains { $0.start == end || $0.end == start }
    }

    mutating func add(_ operation: ModelEntry.Operation) {
        var made = entry ?? ModelEntry(id: "", sequence: 0, madeOn: index, file: "", end: 0)
        made.operations.append(operation)
        entry = made
    }

    // MARK: - Track and import

    mutating func track() -> ReferenceModel.Expectation {
        guard line.positionals.count >= 2, let start = Self.instant(line.positionals[0]),
            let end = Self.instant(line.positionals[1])
        else {
            return .init(statuses: [64], why: "two times")
        }
        let name = line.positionals.count > 2 ? line.positionals[2] : "default"
        if start > now.wall || end > now.wall { return .init(statuses: [64], why: "a block in the future") }
        if end <= start { return .init(statuses: [64], why: "a block that ends before it starts") }
        if overlaps(name, start, end, except: "") {
            return .init(statuses: [64], why: "a block over another run of '\(name)'")
        }
        add(
            .add(
                ModelRun(
                    id: "", name: name, machine: machineName, start: start, end: end, booked: end - start,
                    estimated: true, tags: tags(line), plan: "stopwatch")))
        return .init(
            statuses: touches(name, start, end, except: "") ? [0, 64] : [0], why: "a block told after the fact")
    }

    /// An instant the simulation writes: ISO 8601 in UTC, `2026-11-23T09:00:00Z`.
    static func instant(_ text: String) -> Int64? {
        ImportedRun.microseconds(iso: text)
    }

    mutating func importRuns(_ imported: [ImportedRun]) -> ReferenceModel.Expectation {
        var kept = Array(runs.values) + inProgress().map(\.run)
        // Oldest first, whatever the file's order.
        for run in imported.enumerated().sorted(by: { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) })
            .map(\.element)
        {
            let name = ImportedRun.name(of: run)
            // A run already there (the same name and start) is passed over; so is one over another run of its name.
            if kept.contains(where: { $0.name == name && $0.start == run.start }) { continue }
            if kept.contains(where: { $0.name == name && $0.start < run.end && run.start < $0.end }) { continue }
            let added = ModelRun(
                id: "", name: name, machine: machineName, start: run.start, end: run.end, booked: run.end - run.start,
                tags: run.tags, plan: "stopwatch")
            add(.add(added))
            kept.append(added)
        }
        return .init(statuses: [0], why: "runs imported")
    }

    // MARK: - Corrections

    mutating func edit() -> ReferenceModel.Expectation {
        if let other = line.options["--away-as"] { return bookAway(as: other) }
        let reference = line.positionals.first ?? ""
        guard let (run, holder) = find(reference) else {
            return .init(statuses: [66, 64, 1], why: "no run '\(reference)' here (or one another machine runs)")
        }
        if let holder, let refusal = elsewhere(holder) { return refusal }
        let startChange = line.options["--start"].flatMap(Self.microseconds) ?? 0
        let endChange = line.options["--end"].flatMap(Self.microseconds) ?? 0
        let newStart = run.start + startChange
        let newEnd = run.end + endChange
        // Only a bound told: one left as it was may lie ahead of this machine's clock.
        if (line.options["--start"] != nil && newStart > now.wall)
            || (line.options["--end"] != nil && newEnd > now.wall)
        {
            return .init(statuses: [64], why: "a time in the future")
        }
        if newEnd <= newStart, startChange != 0 || endChange != 0 {
            return .init(statuses: [64], why: "an end before the start")
        }
        let booked = run.booked + (run.start - newStart) + (newEnd - run.end)
        if booked < 0 { return .init(statuses: [64], why: "less than nothing left") }
        var moved = run
        moved.start = newStart
        moved.end = newEnd
        moved.booked = min(booked, newEnd - newStart)
        moved.phases = Self.moved(
            run.phases, atStart: run.start - newStart, atEnd: newEnd - run.end, booked: moved.booked, before: run.booked
        )
        if line.options["--tag"] != nil { moved.tags = tags(line) }
        let awayPolicy = line.options["--away"]
        // An answer to a notification decides what it named, and no more (the model's own option).
        let upTo = line.options["--away-up-to"].flatMap { Int64($0) }
        if let awayPolicy {
            guard let booked = moved.withAwayPolicy(awayPolicy, upTo: upTo) else {
                return .init(statuses: [1], why: "nothing undecided of what the notification named")
            }
            moved = booked
        }
        if let name = line.options["--name"], name != run.name {
            if holder != nil { return .init(statuses: [64, 1], why: "a run in progress is renamed once it has ended") }
            moved.name = name
        }
        // Only an overlap the correction makes is refused: one there already stays.
        let already = moved.name == run.name ? overlapping(run.name, run.start, run.end, except: run.id) : []
        if overlaps(moved.name, moved.start, moved.end, except: run.id, alsoExcept: already) {
            return .init(statuses: [64], why: "an overlap with another run of \(moved.name)")
        }
        let unsure: Set<Int32> = touches(moved.name, moved.start, moved.end, except: run.id) ? [0, 64] : [0]
        guard let holder, var state = model.stopwatches[holder] else {
            add(.fix(moved))
            return .init(statuses: unsure, why: "a correction of an ended run")
        }
        // The run in progress is corrected in its stopwatch.
        let before = state
        state.rebase(at: now)
        if startChange != 0 {
            // A later start cuts a stretch it falls in: what of it was never counted is not taken.
            let gained = -startChange + (startChange > 0 ? state.cutLastAway(before: newStart) : 0)
            let floor = state.splitFloor
            if gained < 0, state.elapsed(at: now) + gained < floor {
                return .init(statuses: [64], why: "a start later than its latest lap or phase change")
            }
            guard state.accumulated + gained >= 0 || state.status == .running else {
                return .init(statuses: [64], why: "less than nothing left")
            }
            if state.accumulated + gained >= 0 {
                state.accumulated += gained
            } else if let since = state.runningSince, since.session == now.session,
                since.boot - gained - state.accumulated <= now.boot
            {
                let later = -gained - state.accumulated
                state.accumulated = 0
                state.runningSince = ModelStopwatch.Reading(
                    wall: since.wall + later, boot: since.boot + later, session: since.session,
                    asleep: min(max(since.asleep, now.asleep), since.boot + later))
            } else {
                return .init(statuses: [64], why: "less than nothing left")
            }
            if state.status == .running, (state.countingSince ?? state.runningSince?.wall) == run.start {
                state.countingSince = newStart
            }
            state.startWall = newStart
            if newStart < now.wall - now.boot { state.estimated = true }
        }
        if endChange != 0 {
            switch state.status {
            case .running:
                // As `pause --ago`: a stand ended first, and estimated where it falls before the
                // running segment began.
                if state.standing { state.endStand(at: now) }
                let ago = now.wall - newEnd
                let estimated = state.isEstimated(pausedAgo: ago, at: now)
                state.pause(ago: ago, at: now)
                state.estimated = estimated
            case .paused:
                let floor = state.splitFloor
                // A stretch it never counted, cut by the end, takes none of its time with it.
                var cut = state
                let taken = (state.pausedWall ?? now.wall) - newEnd - cut.cutLastAway(after: newEnd)
                if state.accumulated - taken < floor {
                    return .init(statuses: [64], why: "an end before its latest lap or phase change")
                }
                state = cut
                state.accumulated -= taken
                state.pausedWall = newEnd
            case .initial:
                break
            }
        }
        if line.options["--tag"] != nil { state.tags = tags(line) }
        if let awayPolicy {
            if let decided = state.deciding(awayPolicy, upTo: upTo, at: now) {
                // A run that asks: what is undecided of its away time decided.
                state = decided
            } else if upTo != nil {
                return .init(statuses: [1], why: "nothing undecided of what the notification named")
            } else {
                // Its segments before the running one booked anew; the running one's follows the
                // policy.
                state.accumulated = ModelRun.rebooked(
                    state.accumulated, away: state.away, dropped: state.awayDropped, from: state.effectiveAwayPolicy,
                    to: awayPolicy)
                state.awayPolicy = awayPolicy
                state.awayDecided = 0
                state.awayDropped = 0
            }
        }
        var made = entry ?? ModelEntry(id: "", sequence: 0, madeOn: index, file: "", end: 0)
        made.stopwatches.append((holder, before, state))
        entry = made
        let (model, corrected) = (model, state)
        commit { model.stopwatches[holder] = corrected }
        return .init(statuses: endChange != 0 ? [0, 64] : unsure, why: "a correction of the run in progress")
    }

    /// `edit RUN --away-as NAME`: the last stretch booked on the run in progress becomes a run of
    /// NAME over its bounds, of the time the run counted of it, and leaves the run (its away
    /// time, and its time where it counted it). Only the run in progress keeps its stretch.
    mutating func bookAway(as other: String) -> ReferenceModel.Expectation {
        let reference = line.positionals.first ?? ""
        guard let (run, holder) = find(reference) else {
            return .init(statuses: [66, 64, 1], why: "no run '\(reference)' here (or one another machine runs)")
        }
        if let holder, let refusal = elsewhere(holder) { return refusal }
        guard let holder, let state = model.stopwatches[holder] else {
            return .init(statuses: [1], why: "'\(run.name)' ended: its stretches are not kept")
        }
        guard let stretch = state.lastAway, let given = state.givingUpLastAway() else {
            return .init(statuses: [1], why: "no stretch is booked on '\(run.name)'")
        }
        if given.elapsed(at: now) < state.splitFloor {
            return .init(statuses: [1], why: "a lap or phase change of '\(run.name)' after its stretch stands")
        }
        if overlaps(other, stretch.from, stretch.to, except: "") {
            return .init(statuses: [64], why: "the stretch overlaps a run of '\(other)'")
        }
        add(
            .add(
                ModelRun(
                    id: "", name: other, machine: machineName, start: stretch.from, end: stretch.to,
                    booked: stretch.length, plan: "stopwatch")))
        entry?.stopwatches.append((holder, state, given))
        let model = model
        commit { model.stopwatches[holder] = given }
        return .init(
            statuses: touches(other, stretch.from, stretch.to, except: "") ? [0, 64] : [0],
            why: "the last stretch of '\(run.name)' booked as '\(other)'")
    }

    mutating func remove() -> ReferenceModel.Expectation {
        var found: [(run: ModelRun, holder: ModelKey?)] = []
        for reference in line.positionals {
            guard let one = find(reference) else {
                return .init(statuses: [66, 64, 1], why: "no run '\(reference)' here (or one another machine runs)")
            }
            found.append(one)
        }
        for (_, holder) in found {
            if let holder, let refusal = elsewhere(holder) { return refusal }
        }
        for (run, holder) in found {
            if let holder, let state = model.stopwatches[holder] {
                // The run in progress is thrown away, its stopwatch reset.
                var made = entry ?? ModelEntry(id: "", sequence: 0, madeOn: index, file: "", end: 0)
                made.stopwatches.append((holder, state, state.resetCopy()))
                entry = made
                let (model, reset) = (model, state.resetCopy())
                commit { model.stopwatches[holder] = reset }
            } else {
                add(.drop(run.id))
            }
        }
        return .init(statuses: [0], why: "runs taken out")
    }

    mutating func split() -> ReferenceModel.Expectation {
        guard line.positionals.count == 2, let (run, holder) = find(line.positionals[0]),
            let instant = Self.instant(line.positionals[1])
        else {
            return .init(statuses: [64, 66, 1], why: "a run and a time (a run another machine runs refused)")
        }
        guard holder == nil else { return .init(statuses: [0, 1, 64], why: "a split of a run in progress") }
        guard instant > run.start, instant < run.end else {
            return .init(statuses: [64], why: "a time outside the run")
        }
        let span = run.end - run.start
        let first = span > 0 ? Int64((Int128(run.booked) * Int128(instant - run.start)) / Int128(span)) : 0
        var before = run
        var after = run
        before.end = instant
        before.booked = first
        // Its away time shared as its time is, by span.
        before.away = span > 0 ? Int64((Int128(run.away) * Int128(instant - run.start)) / Int128(span)) : 0
        after.away = run.away - before.away
        if run.awayPolicy == "ask" {
            // What was decided shared as the away time is; all of it decided stays so.
            let share = { (part: Int64) in
                span > 0 ? Int64((Int128(part) * Int128(instant - run.start)) / Int128(span)) : 0
            }
            let all = run.awayDecided >= run.away
            before.awayDecided = all ? before.away : min(before.away, share(run.awayDecided))
            before.awayDropped = min(before.awayDecided, share(run.awayDropped))
            after.awayDecided = all ? after.away : min(after.away, run.awayDecided - before.awayDecided)
            after.awayDropped = min(after.awayDecided, run.awayDropped - before.awayDropped)
        }
        before.overtime = 0
        after.id = ""
        after.start = instant
        after.booked = run.booked - first
        after.laps = 0
        if !run.phases.isEmpty {
            var left = first
            before.phases = []
            after.phases = []
            for phase in run.phases {
                let ran = min(phase.ran, left)
                left -= ran
                let waited = ran == phase.ran && left > 0 ? phase.waited : 0
                var one = phase
                var two = phase
                one.ran = ran
                one.waited = waited
                two.ran = phase.ran - ran
                two.waited = phase.waited - waited
                before.phases.append(one)
                after.phases.append(two)
            }
            while let last = before.phases.last, last.ran == 0, last.waited == 0 { before.phases.removeLast() }
            before.phasesEnded = min(run.phasesEnded, before.phases.count)
        }
        add(.fix(before))
        add(.add(after))
        return .init(statuses: [0], why: "a run cut in two")
    }

    mutating func join() -> ReferenceModel.Expectation {
        guard line.positionals.count == 2, let (a, aHolder) = find(line.positionals[0]),
            let (b, bHolder) = find(line.positionals[1])
        else {
            return .init(statuses: [64, 66], why: "two runs")
        }
        guard aHolder == nil, bHolder == nil else {
            return .init(statuses: [1], why: "a run in progress is joined once it has ended")
        }
        guard a.id != b.id, a.name == b.name else { return .init(statuses: [64], why: "two runs of one name") }
        guard a.planKey == b.planKey else { return .init(statuses: [64], why: "two runs of one plan") }
        guard a.plan != "cycle" else {
            return .init(statuses: [64], why: "a cycle's runs keep their phases as they ran")
        }
        let (first, second) = a.start <= b.start ? (a, b) : (b, a)
        let between = (Array(runs.values) + inProgress().map(\.run)).contains {
            $0.name == first.name && $0.start > first.start && $0.start < second.start
        }
        guard !between else { return .init(statuses: [64], why: "a run of its name between them") }
        guard first.awayPolicy == second.awayPolicy || (first.away == 0 && second.away == 0) else {
            return .init(statuses: [64], why: "one run kept its away time, the other dropped it")
        }
        var joined = first
        joined.end = second.end
        joined.booked = first.booked + second.booked
        joined.away = first.away + second.away
        joined.awayDecided = first.awayDecided + second.awayDecided
        joined.awayDropped = first.awayDropped + second.awayDropped
        joined.overtime = first.overtime + second.overtime
        joined.estimated = first.estimated || second.estimated
        joined.tags = Array(Set(first.tags + second.tags)).sorted()
        add(.fix(joined))
        add(.drop(second.id))
        return .init(statuses: [0], why: "two runs made one")
    }

    /// A cycle's phases after a correction moved its start by `atStart` (earlier when positive)
    /// and its end by `atEnd`, as the tool moves them: the first phase's time at the start, the
    /// last's at the end, and what it itemizes past the time it books taken from the end.
    static func moved(_ phases: [ModelCycle.PhaseRun], atStart: Int64, atEnd: Int64, booked: Int64, before: Int64)
        -> [ModelCycle.PhaseRun]
    {
        guard !phases.isEmpty else { return phases }
        func fromStart(_ phases: [ModelCycle.PhaseRun], _ amount: Int64) -> [ModelCycle.PhaseRun] {
            var phases = phases
            if amount > 0 {
                phases[0].ran += amount
            } else {
                var left = -amount
                for index in phases.indices where left > 0 {
                    let ran = min(phases[index].ran, left)
                    phases[index].ran -= ran
                    left -= ran
                }
            }
            return phases
        }
        func fromEnd(_ phases: [ModelCycle.PhaseRun], _ amount: Int64) -> [ModelCycle.PhaseRun] {
            var phases = phases
            if amount > 0 {
                phases[phases.count - 1].ran += amount
            } else {
                var left = -amount
                for index in phases.indices.reversed() where left > 0 {
                    let ran = min(phases[index].ran, left)
                    phases[index].ran -= ran
                    left -= ran
                }
            }
            return phases
        }
        var moved = atStart != 0 ? fromStart(phases, atStart) : phases
        let itemized = moved.reduce(0) { $0 + $1.ran }
        if itemized > booked {
            moved = fromEnd(moved, booked - itemized)
        } else if atEnd > 0, itemized == before + atStart {
            moved = fromEnd(moved, atEnd)
        }
        return moved
    }
}
