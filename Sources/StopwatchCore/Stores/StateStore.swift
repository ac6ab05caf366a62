import Synchronization

/// The single source of truth for one piece of state, observed by its listeners.
///
/// Every `update` stores the new value and then calls each listener with it, on the updating thread
/// and outside the lock. Updates from several threads may interleave their notifications, so a
/// caller that needs ordered notifications confines its updates to one queue.
public final class StateStore<State: Sendable>: Sendable {
    private let current: Mutex<State>
    private let listeners = ListenerRegistry<State>()

    public init(_ initialState: State) {
        current = Mutex(initialState)
    }

    public var state: State {
        current.withLock { $0 }
    }

    public func update(_ newState: State) {
        current.withLock { $0 = newState }
        listeners.notify(newState)
    }

    /// Registers `listener` for every later update; it is not called with the current state.
    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (State) -> Void) -> ListenerToken {
        listeners.add(listener)
    }

    public func removeListener(_ token: ListenerToken) {
        listeners.remove(token)
    }
}
