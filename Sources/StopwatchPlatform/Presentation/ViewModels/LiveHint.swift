/// A word the live line shows in passing, until the next change.
public enum LiveHint: Sendable, Hashable {
    /// A first `r`: a second one within the window resets.
    case confirmReset
    /// `k` or `d` on a run that does not ask what its away time is (`--away ask`): `edit --away`
    /// decides there.
    case awayNotAsked
}
