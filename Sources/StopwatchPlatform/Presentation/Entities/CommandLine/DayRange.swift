import StopwatchCore

/// `--since DAY` and `--until DAY`, as `history` and `report` take them: from the start of the
/// first day to the end of the last, in local time.
public struct DayRange: Sendable, Hashable {
    public var since: DayWord?
    public var until: DayWord?
    /// The command as typed, for the suggestion that swaps a reversed range.
    var typed: CommandLineForm

    public init(since: DayWord? = nil, until: DayWord? = nil, typed: CommandLineForm) {
        self.since = since
        self.until = until
        self.typed = typed
    }

    /// The instants the range runs from and to (nil for no bound): the local midnight that
    /// begins `since`, and the one that ends `until`, as of `now` in `zone`. A `since` after
    /// `until` is the usage error that swaps them.
    func instants(now: Duration, zone: any LocalTimeZone) throws(UsageError) -> (since: Duration?, until: Duration?) {
        let first = since?.day(now: now, zone: zone)
        let last = until?.day(now: now, zone: zone)
        if let first, let last, first > last, let sinceText = typed.value(of: .since), let untilText = typed.value(of: .until) {
            throw UsageError(
                .reversedRange(since: sinceText, until: untilText, suggestion: typed.setting(.since, untilText).setting(.until, sinceText)),
                command: typed.command
            )
        }
        return (first.map { zone.start(ofDay: $0) }, last.map { zone.start(ofDay: $0 + 1) })
    }
}
