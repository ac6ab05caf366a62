/// Identifies one registered listener, for removing it later.
public struct ListenerToken: Sendable, Hashable {
    @usableFromInline let id: Int

    @usableFromInline
    init(id: Int) {
        self.id = id
    }
}
