import StopwatchCore

/// What sets one of the commands that change a stopwatch by one action apart: its name, its help
/// and its action. `start`, `restart`, `pause`, `resume` and `reset` are each one of these, in a
/// file of its own; `SingleActionCommand` builds and runs them all alike.
public protocol SingleAction: Sendable {
    static var commandName: CommandName { get }
    /// What it asks of the stopwatch.
    static var action: StopwatchAction { get }
    static var declaration: CommandSpec { get }
}
