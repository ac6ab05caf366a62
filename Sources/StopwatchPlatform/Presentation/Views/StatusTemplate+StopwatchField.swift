extension StatusTemplate {
    /// A stopwatch's fields. The `_s` forms are in whole seconds, truncated, so their text changes
    /// at most once a second, for bars that refresh that often.
    public enum StopwatchField: String, Sendable, Hashable, CaseIterable {
        case name
        case status
        case time
        case timeSeconds = "time_s"
        case left
        case leftSeconds = "left_s"
        case over
        case overSeconds = "over_s"
        case laps
        case percent
        case ends
        /// What a bar shows: the name and the time in whole seconds, with `left`, `ago` or the
        /// status when it is not running.
        case text
        /// `list --format`: how many more there are besides the one shown, ` +2`, its space first
        /// so that `{text}{more}` reads well with and without it.
        case more
        case phase
        case phasePosition = "phase_index"
        case phaseLeft = "phase_left"
        case phaseLeftSeconds = "phase_left_s"
        case phasePercent = "phase_percent"
        case phaseEnds = "phase_ends"
        case nextPhase = "next"
        case round
        /// Away time: how long the machine slept while the run counted.
        case away
        case awaySeconds = "away_s"

        /// One line of help for the field, as help and the manual list them.
        public var help: String {
            switch self {
            case .name: "the stopwatch's name"
            case .status: "initial, running, waiting (a cycle, for next), paused or expired"
            case .time: "the time elapsed, 01:02.34"
            case .timeSeconds: "the same in whole seconds, 01:02"
            case .left: "a countdown's time left, 04:57.66 (00:00.00 once expired; empty for a stopwatch)"
            case .leftSeconds: "the same in whole seconds, 04:57"
            case .over:
                "how long ago a countdown expired, or how long a cycle has waited for next, 00:03.21 (empty otherwise)"
            case .overSeconds: "the same in whole seconds, 00:03"
            case .laps: "the number of laps"
            case .percent:
                "a countdown's share elapsed in whole seconds, 0 to 100, truncated (a cycle of so many rounds: the whole run's; empty for a stopwatch)"
            case .ends:
                "the local time a running countdown ends, 17:30 (17:30:45 when its seconds are not zero; a cycle of so many rounds: its end; empty otherwise)"
            case .text: "what a status bar shows: tea 04:57 left, build 01:02, build 01:02 paused"
            case .more: "list --format: ' +2', its space first, when two more run or are paused (empty otherwise)"
            case .phase: "a cycle's phase, work (empty for a stopwatch or a countdown)"
            case .phasePosition: "its number of the run's phases, 2/8 (2 for a cycle until stopped)"
            case .phaseLeft: "the phase's time left, 24:57.66"
            case .phaseLeftSeconds: "the same in whole seconds, 24:57"
            case .phasePercent:
                "the phase's share elapsed in whole seconds, 0 to 100, truncated (100 while it waits for next)"
            case .phaseEnds: "the local time the phase ends while the cycle runs, 17:30 (empty otherwise)"
            case .nextPhase: "the phase after it, break (empty at the last)"
            case .round: "the round it is in, 2/4, as pomodoros are counted (2 for a cycle until stopped)"
            case .away: "how long the machine slept while the run counted, 8:00:00.00 (empty for none)"
            case .awaySeconds: "the same in whole seconds, 8:00:00"
            }
        }
    }
}
