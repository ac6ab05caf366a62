extension StatusView.Format {
    /// How `--follow` follows this format; nil for the ones it refuses, milliseconds, seconds with
    /// three decimals and JSON, whose text changes every millisecond.
    public var followClock: FollowClock? {
        switch self {
        // The line shows hundredths, and once printed a line for each: 100 a second. Followed,
        // it is printed once a second, its hundredths as they are then (truncated, as always).
        case .line, .lineUntil, .lap: FollowClock(step: .seconds(1))
        case .template(let template): template.followClock
        case .bar: FollowClock(step: .seconds(1))
        case .milliseconds, .seconds, .json, .jsonWithLap: nil
        }
    }
}

extension StatusView {
    /// What `--follow` prints for `state`, one line, or for nothing to show (a stopwatch deleted
    /// meanwhile, a listing with none running or paused): the line that empties a bar's module.
    static func followText(
        _ state: StopwatchViewState?, format: Format, colors: Bool, others: [StopwatchViewState] = []
    ) -> String {
        if case .bar(let bar) = format { return bar.followText(for: state, colors: colors, others: others) }
        guard let state else { return "\n" }
        return text(state, format: format, colors: colors, others: others)
    }
}
