/// What a run's one time is told against, and which way: the rule every surface shows a time by
/// (the line, a table's row, a bar's text and share, the window title, plain numbers), decided
/// here so that none asks what kind of plan the run has.
///
/// A cycle's time is its phase's, left (or over, while it waits for a person) until its last
/// phase has ended; a run with an end (a countdown, a cycle of so many rounds) counts down to it
/// and then past it; a stopwatch counts up.
public struct ToldTime: Sendable, Hashable {
    /// What the time is measured against.
    public enum Against: Sendable, Hashable {
        /// The elapsed time itself (a stopwatch, or a cycle run on until stopped once over).
        case elapsed
        /// The phase the run is in.
        case phase
        /// The run's end (`PlanProgress.end`).
        case end
    }

    /// Which way the time shown runs.
    public enum Direction: Sendable, Hashable {
        /// The time elapsed, counting up.
        case up
        /// The time left before what it is told against ends.
        case left
        /// How long a phase has waited past its end for a person (`next`).
        case over
        /// How long ago the run's end passed.
        case ago
    }

    /// What the time is told against: the elapsed time, the end, or the phase.
    public var against: Against
    /// Which way: up, left, over or ago.
    public var direction: Direction

    /// The one rule, from what a reading has: a phase (`hasPhase`, `isWaiting` for a person), an
    /// end (`hasEnd`), and whether that end has passed (`endPassed`).
    public init(hasPhase: Bool, isWaiting: Bool, hasEnd: Bool, endPassed: Bool) {
        if hasPhase, !endPassed {
            (against, direction) = (.phase, isWaiting ? .over : .left)
        } else if hasEnd {
            (against, direction) = (.end, endPassed ? .ago : .left)
        } else {
            (against, direction) = (.elapsed, .up)
        }
    }
}
