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
    @discardableResult
    public func standOnRunsHere(_ cause: AwayCause) -> [StopwatchName] {
        let list = makeStopwatchListViewModel()
        try? list.handle(.load)
        return list.runningHere.filter { name in
            let viewModel = makeStopwatchViewModel(name)
            return (try? viewModel.handle(.standAway(cause))) != nil && viewModel.standsAway
        }
    }
}
