/// A word the live line shows in passing, until the next change.
public enum LiveHint: Sendable, Hashable {
    /// A first `r`: a second one within the window resets.
    case confirmReset
}
