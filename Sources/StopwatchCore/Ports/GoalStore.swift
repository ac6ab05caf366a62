/// The port for the goals (`Goals`): kept with the state, so that every machine sharing it and
/// every surface (`today`, `report`, the bars) reads the same.
public protocol GoalStore: Sendable {
    /// The goals kept; none when none was set.
    func read() throws -> Goals
    /// Keeps `goals`, replacing those kept, whole or not at all.
    func write(_ goals: Goals) throws
}
