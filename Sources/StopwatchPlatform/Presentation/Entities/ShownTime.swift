import StopwatchCore

/// The one time a view state shows, as the Core's rule (`ToldTime`) says, with what it is told
/// against: what the line, a table's row, a bar's text and share, the window title and the plain
/// numbers (`--format ms`, `seconds`) render, none asking what kind of plan the run has.
public struct ShownTime: Sendable, Hashable {
    public var direction: ToldTime.Direction
    /// The time elapsed, left, over or ago, at each precision.
    public var time: DurationViewState
    /// The phase it is told against, for its prefix (`work 2/8`); nil otherwise.
    public var phase: PhaseViewState?
    /// The time left of what it is told against (zero once over); nil counting up.
    public var left: DurationViewState?
    /// How long what it is told against lasts, and how much of it is spent, in microseconds: the
    /// phase's length and the time in it, or the run's end and its elapsed time; nil counting up.
    public var length: Int64?
    public var spent: Int64?
    /// The share spent, in thousandths at hundredths (the live line's bar); nil counting up.
    public var permille: Int?
    /// When it ends, while it runs towards it; worded only when a surface asks (`endsAt`).
    public var end: EndTime?

    /// The local time it ends, `17:30`, while it runs towards it.
    public var endsAt: String? { end?.local }

    /// True once what it is told against is over (a phase waiting past its end, a run past its end).
    public var isOver: Bool { direction == .over || direction == .ago }
}

extension StopwatchViewState {
    /// The one time it shows (`ShownTime`), by `told`.
    public var shown: ShownTime {
        let told = told
        switch (told.against, phase, countdown) {
        case (.phase, let phase?, _):
            return ShownTime(
                direction: told.direction, time: told.direction == .over ? phaseOver : phaseLeft, phase: phase,
                left: phaseLeft, length: phase.duration.microseconds,
                spent: phase.duration.microseconds - phaseLeft.microseconds, permille: phasePermille,
                end: phase.end)
        case (.end, _, let countdown?):
            return ShownTime(
                direction: told.direction, time: told.direction == .ago ? countdown.overtime : countdown.remaining,
                left: countdown.remaining, length: countdown.duration.microseconds, spent: elapsed.microseconds,
                permille: countdown.progressPermille, end: countdown.end)
        default:
            return ShownTime(direction: .up, time: elapsed)
        }
    }
}
