/// The port a hook's events go out through: one adapter for each part of an `ExpiryHook` (the
/// Platform's `ExpiryNotifier` for `--notify`, `ExpiryCommand` for `--exec`), each doing what
/// `hook` asks of it and nothing when it asks nothing.
public protocol HookEventSink: Sendable {
    /// Delivers `event` as `hook` asks; false when it was asked to and could not (a command that
    /// could not be started). Never waits for what it starts.
    func deliver(_ event: HookEvent, for hook: ExpiryHook) -> Bool
}
