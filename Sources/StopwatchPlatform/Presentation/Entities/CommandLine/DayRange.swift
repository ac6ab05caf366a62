import StopwatchCore

/// `--since DAY` and `--until DAY`, as `history` and `report` take them: from the start of the
/// first day to the end of the last, in local time; or from and to a moment (`--since
/// 'yesterday 17:30'`, `WhenWord`).
public struct DayRange: Sendable, Hashable {
    /// A bound: a whole day, or a moment.
    public enum Bound: Sendable, Hashable {
        case day(DayWord)
        case moment(WhenWord)

        /// Nil for text that is neither.
        init?(_ text: String) {
            if let day = DayWord(text) {
                self = .day(day)
            } else if let when = WhenWord(text) {
                self = .moment(when)
            } else {
                return nil
            }
        }

        /// The instant it begins at (`ending`: a day's end), as of `now` in `zone`.
        func instant(ending: Bool, now: Duration, zone: any LocalTimeZone) -> Duration {
            switch self {
            case .day(let day): zone.start(ofDay: day.day(now: now, zone: zone) + (ending ? 1 : 0))
            case .moment(let when): when.moment(now: now, zone: zone).resolved(atOrBefore: now, in: zone)
            }
        }
    }

    public var since: Bound?
    public var until: Bound?
    /// The command as typed, for the suggestion that swaps a reversed range.
    var typed: CommandLineForm

    public init(since: Bound? = nil, until: Bound? = nil, typed: CommandLineForm) {
        self.since = since
        self.until = until
        self.typed = typed
    }

    /// The instants the range runs from and to (nil for no bound): the local midnight that
    /// begins `since`, and the one that ends `until` (or the moments they name), as of `now` in
    /// `zone`. A `since` after `until` is the usage error that swaps them.
    func instants(now: Duration, zone: any LocalTimeZone) throws(UsageError) -> (since: Duration?, until: Duration?) {
        let first = since?.instant(ending: false, now: now, zone: zone)
        let last = until?.instant(ending: true, now: now, zone: zone)
        if let first, let last, first >= last, let sinceText = typed.value(of: .since),
            let untilText = typed.value(of: .until)
        {
            throw UsageError(
                .reversedRange(
                    since: sinceText, until: untilText,
                    suggestion: typed.setting(.since, untilText).setting(.until, sinceText)),
                command: typed.command
            )
        }
        return (first, last)
    }
}
