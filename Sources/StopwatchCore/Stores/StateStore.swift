import Synchronization

/// The single source of truth for one piece of state, observed by its listeners.
///
/// Every `update` stores the new value and then calls each listener with it, on the updating thread
/// and outside the lock. Updates from several threads may interleave their notifications, so a
/// caller that needs ordered notifications confines its updates to one queue.
///
/// Its code is inlinable so that a view model in another module, updating it every 10 ms, gets a
/// copy specialized for its state rather than generic code that looks up type metadata each call.
public final class StateStore<State: Sendable>: Sendable {
    @usableFromInline let current: Mutex<State>
    @usableFromInline let listeners = ListenerRegistry<State>()

    /// A store holding `initialState`, with no listener.
    @inlinable
    public init(_ initialState: State) {
        current = Mutex(initialState)
    }

    /// The state as the last `update` left it (the initial state before any).
    @inlinable
    public var state: State {
        current.withLock { $0 }
    }

    /// Stores `newState`, then calls every listener with it, on this thread, outside the lock.
    @inlinable
    public func update(_ newState: State) {
        current.withLock { $0 = newState }
        listeners.notify(newState)
    }

    /// Registers `listener` for every later update; it is not called with the current state.
    @inlinable @discardableResult
    public func addListener(_ listener: @escaping @Sendable (State) -> Void) -> ListenerToken {
        listeners.add(listener)
    }

    /// Stops calling the listener `token` stands for; a token already removed is ignored.
    @inlinable
    public func removeListener(_ token: ListenerToken) {
        listeners.remove(token)
    }
}
