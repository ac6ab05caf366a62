/// What a `LiveSession` shows: one stopwatch, or the table of all. Every call comes on the
/// session's queue.
protocol LiveContent: AnyObject, Sendable {
    var screen: LiveSession.Screen { get }
    /// Shows the first view; the directory is already watched.
    func begin(in session: LiveSession)
    /// Another process committed a change.
    func reload(in session: LiveSession)
    func handle(_ event: TerminalInput.Event, in session: LiveSession)
    /// The user ends the view by `signal`.
    func leave(bySignal signal: Int32, in session: LiveSession)
    /// The session is over: stop ticking and end the view.
    func stop()
}
