import Synchronization

/// A thread-safe list of listeners: the Observer pattern's bookkeeping, shared by the Core's subjects.
///
/// `notify` calls the listeners after releasing its lock, so a listener may add or remove
/// listeners, or update the subject again, without deadlocking.
@usableFromInline
final class ListenerRegistry<Argument: Sendable>: Sendable {
    @usableFromInline typealias Listener = @Sendable (Argument) -> Void

    @usableFromInline let storage = Mutex<(nextID: Int, listeners: [(ListenerToken, Listener)])>((0, []))

    @inlinable
    init() {}

    @inlinable
    func add(_ listener: @escaping Listener) -> ListenerToken {
        storage.withLock { storage in
            let token = ListenerToken(id: storage.nextID)
            storage.nextID += 1
            storage.listeners.append((token, listener))
            return token
        }
    }

    @inlinable
    func remove(_ token: ListenerToken) {
        storage.withLock { storage in storage.listeners.removeAll { $0.0 == token } }
    }

    /// Calls every listener registered now with `argument`, outside the lock.
    ///
    /// The array is copied out without allocating (copy on write), which matters on a 10 ms tick.
    @inlinable
    func notify(_ argument: Argument) {
        let listeners = storage.withLock { $0.listeners }
        for (_, listener) in listeners { listener(argument) }
    }
}
