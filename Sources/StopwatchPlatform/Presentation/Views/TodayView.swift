/// Shows how today and this week stand: lines, JSON, a template, or a status bar's protocol with
/// the stopwatch running beside today's total.
public final class TodayView: Sendable {
    public enum Format: Sendable, Hashable {
        /// `today: 3:12:05.00, 4 pomodoros; goal 6h: 53%, 2:47:55.00 left`, then the week's line.
        case line
        case json
        case template(TodayTemplate)
        case bar(StatusBarFormat)
    }

    private let format: Format
    private let output: any TextOutput
    /// Colours in a bar's format: false for `NO_COLOR`.
    private let colors: Bool

    public init(viewModel: TodayViewModel, format: Format, output: any TextOutput, colors: Bool = true) {
        self.format = format
        self.output = output
        self.colors = colors
        viewModel.addListener { viewState in output.write(Self.text(viewState, format: format, colors: colors)) }
    }

    static func text(_ state: TodayViewState, format: Format, colors: Bool = true) -> String {
        switch format {
        case .line:
            return line(state.day) + "\n" + line(state.week) + "\n"
        case .json:
            return JSONDocumentEncoder.text(
                .object([
                    .init("today", json(state.day)),
                    .init("week", json(state.week)),
                    .init("timer", state.timer.map { StopwatchDocument(viewState: $0).json } ?? .null),
                ])
            )
        case .template(let template):
            return template.text(for: state) + "\n"
        case .bar(let bar):
            return barText(state, bar: bar, colors: colors)
        }
    }

    /// `today: 3:12:05.00, 4 pomodoros; goal 6h and 8 pomodoros: 53%, 2:47:55.00 and 4 pomodoros left`.
    static func line(_ period: TodayViewState.Period) -> String {
        var text = period.word + ": " + period.booked.clock + ", " + TodayViewState.pomodoros(period.completed)
        guard period.percent != nil else { return text }
        text += "; goal " + period.goalText + ": "
        if period.isReached { return text + "reached" }
        let left = [period.timeLeft.map(\.clock), period.countLeft.map(TodayViewState.pomodoros)].compactMap { $0 }
        return text + String(period.percent ?? 0) + "%, " + left.joined(with: " and ") + " left"
    }

    static func json(_ period: TodayViewState.Period) -> JSONValue {
        .object([
            .init("elapsed", .string(period.booked.clock)),
            .init("elapsedMilliseconds", .integer(period.booked.milliseconds)),
            .init("completed", .integer(Int64(period.completed))),
            .init(
                "goal",
                period.percent == nil
                    ? .null
                    : .object([
                        .init("time", period.goalTime.map { .string($0) } ?? .null),
                        .init("count", period.goalCount.map { .integer(Int64($0)) } ?? .null),
                    ])),
            .init("leftMilliseconds", period.timeLeft.map { .integer($0.milliseconds) } ?? .null),
            .init("completedLeft", period.countLeft.map { .integer(Int64($0)) } ?? .null),
            .init("percent", period.percent.map { .integer(Int64($0)) } ?? .null),
            .init("reached", .bool(period.isReached)),
        ])
    }

    /// `work 12:34 · today 3:12:05 of 6h · 4/8 pomodoros`: the stopwatch running, today's time
    /// (against its goal), and the pomodoros when there are any or a goal counts them.
    static func fullText(_ state: TodayViewState, withName: Bool = true) -> String {
        let day = state.day
        var parts: [String] = []
        if let timer = state.timer { parts.append(StopwatchLineComposer.barText(timer, withName: withName)) }
        parts.append(
            "today " + StopwatchLineComposer.wholeSeconds(day.booked.microseconds)
                + (day.goalTime.map { " of " + $0 } ?? ""))
        if day.completed > 0 || day.goalCount != nil {
            parts.append(
                day.goalCount.map { String(day.completed) + "/" + String($0) + " pomodoros" }
                    ?? TodayViewState.pomodoros(day.completed))
        }
        return parts.joined(with: " · ")
    }

    /// Green once today's goal is reached; else the colour of the stopwatch shown, grey for none.
    static func color(_ state: TodayViewState) -> String {
        state.day.isReached ? StatusBarFormat.color(.running) : StatusBarFormat.color(state.timer?.status ?? .initial)
    }

    /// In `bar`'s protocol (`StatusBarFormat`): waybar's class and `alt` are `reached` once the
    /// day's goal is, else the stopwatch's status; its `percentage` the share of the goal done.
    static func barText(_ state: TodayViewState, bar: StatusBarFormat, colors: Bool) -> String {
        let token = state.day.isReached ? "reached" : state.timer?.status.token ?? "initial"
        return bar.text(
            StatusBarFormat.Parts(
                full: fullText(state), short: { fullText(state, withName: false) }, color: color(state), alt: token,
                classes: .string(token),
                percentage: state.day.percent, tooltip: { line(state.day) + "\n" + line(state.week) }
            ),
            colors: colors
        )
    }
}
