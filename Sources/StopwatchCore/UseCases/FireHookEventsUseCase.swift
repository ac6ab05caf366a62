/// The one place that decides what a run's stored hook is due for now and has it done: claims
/// (`ClaimExpiryHookUseCase`: a countdown's zero, a cycle's edges and warnings, each once, however
/// many processes look) and hands each event, as facts, to the sinks (`HookEventSink`).
///
/// After a long absence (the machine off through a week of pomodoros), only the latest
/// `edgesAtOnce` edges are handed on, the first told how many it stands for: those passed over,
/// and those a waiter killed between its claim and their delivery lost.
public struct FireHookEventsUseCase: Sendable {
    /// What a look found.
    public enum Outcome: Sendable, Hashable {
        /// Nothing due yet: look again at the run's next event.
        case pending
        /// Nothing left to do: no hook, claimed by another process, or the run over.
        case none
        /// The countdown's zero was handed on (`failed`: sinks that could not deliver it); its
        /// hook is done.
        case firedZero(failed: Int)
        /// A cycle's edges were handed on; its hook stays for the edges to come.
        case firedEdges(count: Int, failed: Int)
    }

    /// How many edges passed at once are handed on, the latest.
    public static let edgesAtOnce = 16

    private let claim: ClaimExpiryHookUseCase
    private let stateStore: StateStore<StopwatchSnapshot>
    private let sinks: [any HookEventSink]

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource, sinks: [any HookEventSink]
    ) {
        claim = ClaimExpiryHookUseCase(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
        self.stateStore = stateStore
        self.sinks = sinks
    }

    /// A name never created, or deleted since, is `StopwatchError.noSuchStopwatch`.
    public func execute(_ name: StopwatchName) throws -> Outcome {
        switch try claim.execute(name) {
        case .pending: return .pending
        case .none: return .none
        case .claimed(let hook):
            // The claim published the countdown as it read it: its duration is the zero's.
            guard case .countdown(let duration) = stateStore.state.state.plan else { return .none }
            return .firedZero(failed: deliver(.zero(name: name, duration: duration), hook))
        case .claimedEdges(let hook, let edges, let lost):
            let handed = edges.suffix(Self.edgesAtOnce)
            let skipped = lost + edges.count - handed.count
            var failed = 0
            for (offset, edge) in handed.enumerated() {
                failed += deliver(.edge(name: name, edge, skipped: offset == 0 ? skipped : 0), hook)
                try claim.handedOn(name, leaving: handed.count - offset - 1)
            }
            return .firedEdges(count: handed.count, failed: failed)
        }
    }

    /// `events` handed to every sink as `hook` asks, in order: a hook a process holds rather
    /// than the state (`watch --notify`, `wait --exec`), whose events it read itself
    /// (`StopwatchState.events(since:at:)`). How many deliveries failed.
    public func announce(_ events: [HookEvent], with hook: ExpiryHook) -> Int {
        events.reduce(0) { $0 + deliver($1, hook) }
    }

    /// `event` handed to every sink; how many could not deliver it.
    private func deliver(_ event: HookEvent, _ hook: ExpiryHook) -> Int {
        sinks.reduce(0) { $0 + ($1.deliver(event, for: hook) ? 0 : 1) }
    }
}
