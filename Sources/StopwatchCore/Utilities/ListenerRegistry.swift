import Synchronization

/// A thread-safe list of listeners: the Observer pattern's bookkeeping, shared by the Core's subjects.
///
/// `snapshot()` copies the listeners out so the subject can call them after releasing its own lock;
/// a listener may then add or remove listeners, or update the subject again, without deadlocking.
final class ListenerRegistry<Argument: Sendable>: Sendable {
    typealias Listener = @Sendable (Argument) -> Void

    private let storage = Mutex<(nextID: Int, listeners: [(ListenerToken, Listener)])>((0, []))

    func add(_ listener: @escaping Listener) -> ListenerToken {
        storage.withLock { storage in
            let token = ListenerToken(id: storage.nextID)
            storage.nextID += 1
            storage.listeners.append((token, listener))
            return token
        }
    }

    func remove(_ token: ListenerToken) {
        storage.withLock { storage in storage.listeners.removeAll { $0.0 == token } }
    }

    func snapshot() -> [Listener] {
        storage.withLock { storage in storage.listeners.map(\.1) }
    }

    func notify(_ argument: Argument) {
        for listener in snapshot() { listener(argument) }
    }
}
