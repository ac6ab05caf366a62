/// The port for a repeating timer: calls a handler every interval until stopped.
///
/// A ticker only says "now is a good time to look again"; nothing may count its ticks as time.
public protocol Ticker: Sendable {
    /// Starts calling `handler` every `interval`, replacing any handler already running.
    func start(interval: Duration, handler: @escaping @Sendable () -> Void)
    /// Stops the ticks; no handler call starts after this returns.
    func stop()
}
