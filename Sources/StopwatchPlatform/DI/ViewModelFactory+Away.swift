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
}
