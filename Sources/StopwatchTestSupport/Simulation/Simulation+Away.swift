import StopwatchCore

/// Stretches nobody was there, as the away watcher books them.
extension Simulation {
    /// The away watcher as a stretch begins: the runs of the machine that drop away time stand
    /// still, as the model has them stand.
    func watcherHears(_ cause: AwayCause, on index: Int, step: SimulationStep) throws(SimulationFailure) {
        let machine = machines[index]
        let stood = machine.standAway(cause)
        let now = ReferenceModel.reading(machine)
        // Each written as any change writes it: a reboot's estimate folded in first.
        for (key, stopwatch) in model.stopwatches where key.machine == index && stopwatch.status == .running {
            model.stopwatches[key]?.rebase(at: now)
            model.stopwatches[key]?.stand(at: now)
        }
        try check(
            stood.sorted()
                == model.stopwatches.filter { $0.key.machine == index && $0.value.standing }.map(\.key.name).sorted(),
            step, "the watcher made \(stood.sorted()) stand, but the model others")
    }

    /// The away watcher at the end of a stretch nobody was there begun at `start`: booked on each
    /// run of the machine running now, as the model books it, and every surface checked.
    func watcherBooks(_ cause: AwayCause, since start: TimeReading, on index: Int, step: SimulationStep)
        throws(SimulationFailure)
    {
        let machine = machines[index]
        let booked = machine.bookAway(cause, since: start).booked
        let now = ReferenceModel.reading(machine)
        let from = ModelStopwatch.Reading(
            wall: start.wall.wholeMicroseconds, boot: start.boot.wholeMicroseconds, session: start.bootSession.rawValue,
            asleep: start.asleep.wholeMicroseconds)
        // Each written as any change writes it: a reboot's estimate folded in first.
        for (key, stopwatch) in model.stopwatches where key.machine == index && stopwatch.status == .running {
            model.stopwatches[key]?.rebase(at: now)
            model.stopwatches[key]?.book(since: from, at: now)
        }
        // A run that asks is asked, by one notification a run: a later one takes its place.
        for name in booked {
            guard let stopwatch = model.stopwatches[ModelKey(machine: index, name: name)],
                stopwatch.effectiveAwayPolicy == "ask", stopwatch.away(at: now) > stopwatch.awayDecided
            else { continue }
            let notice = AwayNotice(name: name, runID: stopwatch.runID, upTo: .microseconds(stopwatch.away(at: now)))
            let awaiting = (notices[index]?.awaiting ?? []).filter { $0.name != name || $0.runID != notice.runID }
            notices[index] = (machine.clock.now(), awaiting + [notice])
        }
        try check(
            booked.sorted()
                == model.stopwatches.filter { $0.key.machine == index && $0.value.status == .running }
                .map(\.key.name).sorted(), step,
            "the watcher booked the stretch on \(booked.sorted()), but the model's running stopwatches are others")
        try checkAgainstModel(index, step: step)
    }

    /// Somebody back at machine `index` where a stretch is open (`awayBegins`): the watcher books
    /// it, as at `awayEnds`. What keys pressed at the machine and a reboot or power cut imply.
    func closeStretch(on index: Int, step: SimulationStep) throws(SimulationFailure) {
        guard let (start, cause) = openStretches.removeValue(forKey: index) else { return }
        try watcherBooks(cause, since: start, on: index, step: step)
    }

    /// A person's answer (`key`) to the latest notification about `name`'s away time on machine
    /// `index`: somebody is there (a stretch open is booked first); carried out by the watcher
    /// on what it named (`SimulatedMachine.answer`), and by the model as `edit RUN --away
    /// keep|drop` of that much (`--away-up-to`, the model's own) or `edit RUN --away-as away`.
    func answer(_ key: String, about name: String, on index: Int, step: SimulationStep) throws(SimulationFailure) {
        try closeStretch(on: index, step: step)
        let machine = machines[index]
        let now = machine.clock.now()
        // An hour after the last notification, the watcher no longer listens.
        if let sent = notices[index]?.sent,
            sent.bootSession != now.bootSession || now.boot - sent.boot > Self.answerTime
        {
            notices[index] = nil
        }
        guard let pending = notices[index], let found = pending.awaiting.lastIndex(where: { $0.name == name })
        else { return }
        var awaiting = pending.awaiting
        let notice = awaiting.remove(at: found)
        notices[index] = (pending.sent, awaiting)
        let filesBefore = machine.files
        let observedBefore = observe(index, history: false)
        let outcome = machine.answer(key, about: name, runID: notice.runID, upTo: notice.upTo)
        let reference = notice.runID ?? name
        let command =
            key == "book"
            ? ["edit", reference, "--away-as", "away"]
            : ["edit", reference, "--away", key, "--away-up-to", "\(notice.upTo.wholeMicroseconds)"]
        try checkStatus(outcome, of: command, step: step)
        try model.apply(
            command, on: index, outcome: outcome, imported: nil, before: observedBefore, filesBefore: filesBefore,
            simulation: self
        )
        .mapError { SimulationFailure(step: performed, message: "the answer \(key) about \(name): \($0.message)") }
        .get()
        try checkAgainstModel(index, step: step)
    }

    /// How long the watcher listens for answers after its last notification (`WaitSession`'s).
    static let answerTime = Duration.seconds(3600)
}
