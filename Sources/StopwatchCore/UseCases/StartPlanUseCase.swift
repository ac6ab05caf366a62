/// Creates a run that follows a plan and starts it: `stopwatch timer`, `stopwatch cycle`, and any
/// kind of plan to come.
///
/// A name is reusable by a run of the same kind of plan once that one has ended, or is initial
/// (reset); one with time left, or a run of another kind, is refused unless `replacing`, which
/// drops it and its laps (`StopwatchState.replacing(_:forcing:at:)`). The new run has `hook`, or
/// none: a replaced run's hook goes with it; and does with away time what `away` says, or what
/// its plan does (`Plan.awayPolicy`).
public struct StartPlanUseCase: Sendable {
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

    /// Does what the type's summary says for a run of `plan`, under the store's lock: a refusal
    /// writes nothing.
    @discardableResult
    public func execute(
        _ name: StopwatchName, plan: Plan, replacing: Bool, hook: ExpiryHook? = nil, tags: [String] = [],
        away: AwayPolicy? = nil
    ) throws -> StopwatchState {
        try start(name, replacing: replacing, hook: hook, tags: tags, away: away) { _ in plan }
    }

    /// Does what the type's summary says for a countdown of `length`. One `until` a time of day
    /// gets the duration from the moment read under the lock to that instant, so it runs on the
    /// boot clock like any other and a daylight-saving change does not move its end.
    @discardableResult
    public func execute(
        _ name: StopwatchName, for length: CountdownLength, replacing: Bool, hook: ExpiryHook? = nil,
        tags: [String] = [], away: AwayPolicy? = nil
    ) throws -> StopwatchState {
        try start(name, replacing: replacing, hook: hook, tags: tags, away: away) { now in
            switch length {
            case .duration(let duration): .countdown(duration)
            // Whole microseconds, as stored, rounded up: it ends at the time given, not before.
            case .until(let time):
                .countdown(Self.wholeMicrosecondsUp(time.nextInstant(after: now.wall, in: timeZone) - now.wall))
            }
        }
    }

    private func start(
        _ name: StopwatchName, replacing: Bool, hook: ExpiryHook?, tags: [String], away: AwayPolicy?,
        plan: (TimeReading) -> Plan
    ) throws -> StopwatchState {
        try transition.run(
            name,
            onStored: { stored, now in
                var run = StopwatchState.initial(name, plan: plan(now), hook: hook).restarted(at: now)
                run.tags = Tag.normalized(tags)
                run.awayPolicy = away
                return StopwatchChange(state: try run.replacing(stored, forcing: replacing, at: now))
            }
        ).state
    }

    private static func wholeMicrosecondsUp(_ duration: Duration) -> Duration {
        let truncated = Duration.microseconds(duration.wholeMicroseconds)
        return truncated < duration ? truncated + .microseconds(1) : truncated
    }
}
