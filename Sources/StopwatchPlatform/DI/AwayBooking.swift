import StopwatchCore

/// What booking a stretch nobody was there did on the runs of this machine
/// (`ViewModelFactory.bookAwayOnRunsHere`): the runs it was booked on, and those whose booking
/// could not be written (a full disk, a directory made read-only), which the away watcher tries
/// again and says.
public struct AwayBooking {
    /// The view models of the runs booked, as they became.
    public var booked: [StopwatchViewModel] = []
    /// The runs whose booking could not be written, and why.
    public var failed: [(name: StopwatchName, error: any Error)] = []

    public init() {}
}
