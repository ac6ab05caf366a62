import Synchronization

/// A thread-safe list of listeners: the Observer pattern's bookkeeping, shared by the Core's subjects.
///
/// `notify` calls the listeners after releasing its lock, so a listener may add or remove
/// listeners, or update the subject again, without deadlocking.
@usableFromInline
final class ListenerRegistry<Argument: Sendable>: Sendable {
    @usableFromInline typealias Listener = @Sendable (Argument) -> Void

    /// The first listener is held apart from the others: most subjects have one, and an array of
    /// listeners is a type the runtime makes on first use, which a one-shot command would pay for
    /// at start-up for each kind of subject.
    @usableFromInline
    struct Storage {
        @usableFromInline var nextID = 0
        @usableFromInline var first: (token: ListenerToken, listener: Listener)?
        @usableFromInline var others: [(ListenerToken, Listener)] = []

        @inlinable init() {}
    }

    @usableFromInline let storage = Mutex(Storage())

    @inlinable
    init() {}

    @inlinable
    func add(_ listener: @escaping Listener) -> ListenerToken {
        storage.withLock { storage in
            let token = ListenerToken(id: storage.nextID)
            storage.nextID += 1
            if storage.first == nil, storage.others.isEmpty {
                storage.first = (token, listener)
            } else {
                storage.others.append((token, listener))
            }
            return token
        }
    }

    @inlinable
    func remove(_ token: ListenerToken) {
        storage.withLock { storage in
            if storage.first?.token == token {
                storage.first = nil
            } else {
                storage.others.removeAll { $0.0 == token }
            }
        }
    }

    /// Calls every listener registered now with `argument`, in the order they were added, outside
    /// the lock.
    ///
    /// The array is copied out without allocating (copy on write), which matters on a 10 ms tick.
    @inlinable
    func notify(_ argument: Argument) {
        let (first, others) = storage.withLock { ($0.first?.listener, $0.others) }
        first?(argument)
        for (_, listener) in others { listener(argument) }
    }
}
