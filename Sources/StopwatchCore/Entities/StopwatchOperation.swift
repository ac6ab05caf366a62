/// What a command asked of a stopwatch, as a refusal names it.
public enum StopwatchOperation: Sendable, Hashable {
    /// `start`.
    case start
    /// `pause`.
    case pause
    /// `resume`.
    case resume
    /// `lap`.
    case lap
    /// `run NAME`: start it unless it runs, then record the run as a lap.
    case recordRun
    /// `timer`: create a countdown under a name in use.
    case createCountdown
    /// `wait`: block until a countdown expires.
    case wait
    /// `timer --add`, `+`/`-` in the live view: give a countdown more time or less.
    case addTime
    /// `dismiss`: acknowledge a countdown that has expired.
    case dismiss
    /// `next`: end a cycle's phase and begin the next.
    case next
    /// `cycle`: create a cycle under a name in use.
    case createCycle
    /// `wait --edge`: block until a cycle's phase ends.
    case waitForEdge
}
