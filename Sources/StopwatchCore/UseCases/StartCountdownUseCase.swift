/// Creates a countdown and starts it: `stopwatch timer`.
///
/// A countdown name is reusable: one that has expired, or is initial (reset), is replaced. A
/// countdown with time left, or a stopwatch, is refused unless `replacing`, which drops it and its
/// laps. A countdown `until` a time of day gets the duration from now to that instant, so it runs on
/// the boot clock like any other and a daylight-saving change does not move its end. The new
/// countdown has `hook`, or none: a replaced countdown's hook goes with it.
public struct StartCountdownUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchSnapshot>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone

    public init(
        store: any StopwatchStore,
        stateStore: StateStore<StopwatchSnapshot>,
        timeSource: any TimeSource,
        timeZone: any LocalTimeZone
    ) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    @discardableResult
    public func execute(_ name: StopwatchName, for length: CountdownLength, replacing: Bool, hook: ExpiryHook? = nil, tags: [String] = []) throws -> StopwatchState {
        var readAt: TimeReading?
        let change = try store.update(name) { stored in
            let now = timeSource.now()
            readAt = now
            if let stored, !replacing, !stored.isCountdown || (stored.status != .initial && !stored.isExpired(at: now)) {
                throw StopwatchError.notApplicable(.createCountdown, stored.rebased(at: now), at: now)
            }
            let duration =
                switch length {
                case .duration(let duration): duration
                // Whole microseconds, as stored, rounded up: it ends at the time given, not before.
                case .until(let time): Self.wholeMicrosecondsUp(time.nextInstant(after: now.wall, in: timeZone) - now.wall)
                }
            var countdown = StopwatchState.countdown(name, duration: duration, startedAt: now, hook: hook)
            countdown.tags = Tag.normalized(tags)
            return StopwatchChange(state: countdown).ending(stored, at: now)
        }
        guard let state = change?.state, let readAt else { preconditionFailure("StopwatchStore.update dropped a change") }
        stateStore.update(StopwatchSnapshot(state: state, readAt: readAt))
        return state
    }

    private static func wholeMicrosecondsUp(_ duration: Duration) -> Duration {
        let truncated = Duration.microseconds(duration.wholeMicroseconds)
        return truncated < duration ? truncated + .microseconds(1) : truncated
    }
}
