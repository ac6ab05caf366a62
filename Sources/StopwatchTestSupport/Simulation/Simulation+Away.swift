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
}
