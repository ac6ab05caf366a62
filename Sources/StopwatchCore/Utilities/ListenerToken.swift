/// Identifies one registered listener, for removing it later.
public struct ListenerToken: Sendable, Hashable {
    let id: Int
}
