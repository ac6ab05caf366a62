/// What a countdown does at zero (`--exec`, `--notify`), kept with its state.
///
/// It belongs to the countdown, not to the process that set it: it is stored with the state, so
/// replacing or deleting the countdown replaces or cancels it, and a reset, a pause or more time
/// moves it to the new zero. Whichever process sees zero first claims it under the store's lock
/// (`ClaimExpiryHookUseCase`), which takes it out of the state before it runs: it runs once.
public struct ExpiryHook: Sendable, Hashable {
    /// The command to run through `/bin/sh -c`; nil for none.
    public var command: String?
    /// Whether to notify the desktop and the terminal.
    public var notify: Bool

    /// A hook running `command` (none when nil), notifying or not.
    public init(command: String? = nil, notify: Bool = false) {
        self.command = command
        self.notify = notify
    }

    /// The hook of `--notify` and `--exec COMMAND` as given: nil when neither asks for anything.
    public init?(notify: Bool, exec command: String?) {
        guard notify || command != nil else { return nil }
        self.init(command: command, notify: notify)
    }

    /// This hook with `other`'s parts added: `other`'s command in place of this one's, if it has
    /// one, and notification if either asks for it (`timer NAME --add 1m --exec C`).
    public func merging(_ other: ExpiryHook) -> ExpiryHook {
        ExpiryHook(command: other.command ?? command, notify: notify || other.notify)
    }
}
