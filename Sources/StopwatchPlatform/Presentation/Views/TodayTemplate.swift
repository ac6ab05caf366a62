/// A `today --format` template: text with fields in braces, `{timer} · {today_s}`, each filled
/// from the view state of today and this week (`TodayViewState`); `{{` and `}}` stand for braces.
public struct TodayTemplate: Sendable, Hashable {
    /// The fields a template may name. The `_s` forms are in whole seconds, truncated.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case today
        case todaySeconds = "today_s"
        case done
        case goal
        case goalLeft = "goal_left"
        case doneLeft = "done_left"
        case goalPercent = "goal_percent"
        case week
        case weekSeconds = "week_s"
        case weekDone = "week_done"
        case weekGoalPercent = "week_goal_percent"
        case timer

        /// The ones a `status` template takes too, filled from today's reading: the day's.
        static let inStatus: [Field] = [.today, .todaySeconds, .done, .goal, .goalLeft, .doneLeft, .goalPercent]

        /// One line of help for the field, as help and the manual list them.
        public var help: String {
            switch self {
            case .today: "the time booked today, the runs in progress included, 3:12:05.00"
            case .todaySeconds: "the same in whole seconds, 3:12:05"
            case .done: "the pomodoros completed today (work phases run their whole length)"
            case .goal: "today's goal, 6h and 8 pomodoros (empty without one)"
            case .goalLeft:
                "the time left to today's time goal in whole seconds, 2:47:55 (00:00 once reached; empty without one)"
            case .doneLeft: "the pomodoros left to today's goal (empty without a count goal)"
            case .goalPercent:
                "the share of today's goal done, 0 to 100, truncated: of its time, else of its pomodoros (empty without one)"
            case .week: "the time booked this week (ISO, from Monday), 14:02:11.00"
            case .weekSeconds: "the same in whole seconds, 14:02:11"
            case .weekDone: "the pomodoros completed this week"
            case .weekGoalPercent: "the share of the week's goal done, 0 to 100 (empty without one)"
            case .timer:
                "what a status bar shows of the most pressing stopwatch, as list --format picks it: work 12:34 (empty for none)"
            }
        }
    }

    let template: FieldTemplate<Field>

    public init(parsing text: String) throws(TemplateProblem) {
        template = try FieldTemplate(parsing: text)
    }

    /// The template written out, as it would be typed.
    public var text: String { template.text }

    /// The template filled in for `state`.
    public func text(for state: TodayViewState) -> String {
        template.text { Self.value($0, of: state) }
    }

    /// What `field` shows of `state`.
    static func value(_ field: Field, of state: TodayViewState) -> String {
        switch field {
        case .today: state.day.booked.clock
        case .todaySeconds: StopwatchLineComposer.wholeSeconds(state.day.booked.microseconds)
        case .done: String(state.day.completed)
        case .goal: state.day.goalText
        case .goalLeft:
            state.day.goalMicroseconds.map {
                StopwatchLineComposer.wholeSeconds(
                    DurationTextMapper.left(duration: $0, elapsed: state.day.booked.microseconds, unit: 1_000_000)
                        * 1_000_000)
            } ?? ""
        case .doneLeft: state.day.countLeft.map(String.init) ?? ""
        case .goalPercent: state.day.percent.map(String.init) ?? ""
        case .week: state.week.booked.clock
        case .weekSeconds: StopwatchLineComposer.wholeSeconds(state.week.booked.microseconds)
        case .weekDone: String(state.week.completed)
        case .weekGoalPercent: state.week.percent.map(String.init) ?? ""
        case .timer: state.timer.map { StopwatchLineComposer.barText($0) } ?? ""
        }
    }
}
