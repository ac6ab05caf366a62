/// A notification the away watcher sent about a run's away time, awaiting an answer: the run, by
/// its name and id, and how much of its away time it named.
struct AwayNotice {
    var name: String
    var runID: String?
    var upTo: Duration
}
