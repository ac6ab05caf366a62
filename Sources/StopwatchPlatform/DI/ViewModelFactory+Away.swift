import StopwatchCore

extension ViewModelFactory {
    /// Books a stretch nobody was there of `cause`, begun at `start` and ended at `end` (nil:
    /// now), on each run of this machine running now, or on those of `names` (`StopwatchAction.bookAway`):
    /// what the away watcher does when somebody is back, and again for those it could not write,
    /// and what the simulation runs in its place. The runs it was booked on, as they became, and
    /// those whose booking could not be written; none when the stopwatches cannot be read.
    public func bookAwayOnRunsHere(
        _ cause: AwayCause, since start: TimeReading, until end: TimeReading? = nil, only names: [StopwatchName]? = nil
    ) -> AwayBooking {
        let list = makeStopwatchListViewModel()
        try? list.handle(.load)
        var booking = AwayBooking()
        for name in list.runningHere where names?.contains(name) ?? true {
            let viewModel = makeStopwatchViewModel(name)
            do {
                try viewModel.handle(.bookAway(cause, since: start, until: end))
                // Paused or reset since it was listed: nothing was booked on it.
                guard viewModel.runs else { continue }
                booking.booked.append(viewModel)
            } catch {
                booking.failed.append((name, error))
            }
        }
        return booking
    }

    /// Ends the stand of each run of this machine that stands (`StopwatchAction.endAwayStand`):
    /// what a watcher does on starting with somebody there, for stands one gone left open.
    public func endStandsHere() {
        let list = makeStopwatchListViewModel()
        try? list.handle(.load)
        for name in list.runningHere { try? makeStopwatchViewModel(name).handle(.endAwayStand) }
    }

    /// Makes each run of this machine running now stand still where its policy drops away time,
    /// nobody being there for `cause` (`StopwatchAction.standAway`): what the away watcher does as
    /// a stretch begins. The names of the runs that stand.
    ///
    /// Each run is made to stand as listed (`run:`); where another command began a run in
    /// between (a start, an undo, a countdown in place of another), the runs are listed again and
    /// the new ones stand too, so that what stands is what a watcher after that command would
    /// have made stand.
    @discardableResult
    public func standOnRunsHere(_ cause: AwayCause) -> [StopwatchName] {
        var seen: Set<EventID?> = []
        var stood: [StopwatchName] = []
        // A few rounds: each takes another command's run begun meanwhile.
        for _ in 0..<4 {
            let list = makeStopwatchListViewModel()
            try? list.handle(.load)
            let new = list.runsHere.filter { !seen.contains($0.run) }
            guard !new.isEmpty else { break }
            for (name, run) in new {
                seen.insert(run)
                let viewModel = makeStopwatchViewModel(name)
                if (try? viewModel.handle(.standAway(cause, run: run))) != nil, viewModel.standsAway,
                    !stood.contains(name)
                {
                    stood.append(name)
                }
            }
        }
        return stood
    }

    /// Carries out what a person chose (`key`, one of `MessageMapper.awayNotificationActions`)
    /// on the notification about `run`'s away time, which named `upTo` of it: Keep or Drop as
    /// `edit RUN --away keep|drop` would, on that much of it and no more; "Book as…" as
    /// `edit RUN --away-as away`. What the away watcher does with an answer, and what the
    /// simulation runs in its place. The run booked, for "Book as…"; throws what the command
    /// would refuse (nothing left undecided of what it named, the run ended).
    @discardableResult
    public func answerAway(_ key: String, about run: RunReference, upTo: Duration) throws -> RunViewState? {
        let history = makeHistoryViewModel()
        if let policy = AwayPolicy(rawValue: key) {
            try history.edit(run, start: nil, end: nil, name: nil, tags: nil, away: policy, awayUpTo: upTo)
            return nil
        }
        guard key == MessageMapper.awayBookKey else { return nil }
        return try history.bookAway(of: run, as: MessageMapper.awayBookedName)
    }
}
