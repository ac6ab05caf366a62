import StopwatchCore

/// The JSON of a run's away time by cause: `{"suspend": MS, "lock": MS, "idle": MS}`, every
/// cause there, zero for none, in milliseconds; `status --json` and `history --json` alike.
struct AwayDocument {
    var viewState: AwayViewState

    var json: JSONValue {
        .object(AwayCause.allCases.map { .init($0.rawValue, .integer(viewState.time($0) / 1000)) })
    }
}
