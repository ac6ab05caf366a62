/// Creates a countdown and starts it: `stopwatch timer`.
///
/// A countdown name is reusable: one that has expired, or is initial (reset), is replaced. A
/// countdown with time left, or a stopwatch, is refused unless `replacing`, which drops it and its
/// laps. A countdown `until` a time of day gets the duration from now to that instant, so it runs on
/// the boot clock like any other and a daylight-saving change does not move its end. The new
/// countdown has `hook`, or none: a replaced countdown's hook goes with it.
public struct StartCountdownUseCase: Sendable {
    private let transition: StopwatchTransition
    private let timeZone: any LocalTimeZone

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore,
        stateStore: StateStore<StopwatchSnapshot>,
        timeSource: any TimeSource, ids: any IDSource,
        timeZone: any LocalTimeZone
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: true, kind: .replace)
        self.timeZone = timeZone
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(
        _ name: StopwatchName, for length: CountdownLength, replacing: Bool, hook: ExpiryHook? = nil,
        tags: [String] = []
    ) throws -> StopwatchState {
        try transition.run(
            name,
            onStored: { stored, now in
                let duration =
                    switch length {
                    case .duration(let duration): duration
                    // Whole microseconds, as stored, rounded up: it ends at the time given, not before.
                    case .until(let time):
                        Self.wholeMicrosecondsUp(time.nextInstant(after: now.wall, in: timeZone) - now.wall)
                    }
                var countdown = StopwatchState.countdown(name, duration: duration, startedAt: now, hook: hook)
                countdown.tags = Tag.normalized(tags)
                return StopwatchChange(state: try countdown.replacing(stored, forcing: replacing, at: now))
            }
        ).state
    }

    private static func wholeMicrosecondsUp(_ duration: Duration) -> Duration {
        let truncated = Duration.microseconds(duration.wholeMicroseconds)
        return truncated < duration ? truncated + .microseconds(1) : truncated
    }
}
