import StopwatchCore

extension ViewModelFactory {
    /// Books a stretch nobody was there of `cause`, begun at `start` and ended now, on each run of
    /// this machine running now (`StopwatchAction.bookAway`): what the away watcher does when
    /// somebody is back, and what the simulation runs in its place. The view models of the runs
    /// it was booked on, as they became; none when the stopwatches cannot be read.
    public func bookAwayOnRunsHere(_ cause: AwayCause, since start: TimeReading) -> [StopwatchViewModel] {
        let list = makeStopwatchListViewModel()
        try? list.handle(.load)
        return list.runningHere.compactMap { name in
            let viewModel = makeStopwatchViewModel(name)
            return (try? viewModel.handle(.bookAway(cause, since: start))) != nil ? viewModel : nil
        }
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
