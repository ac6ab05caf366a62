/// A status bar's protocol for `status --format BAR`: one view of the stopwatch's view state, in
/// whole seconds (a bar is glanced at, and polled about once a second), following each bar's
/// documentation.
public enum StatusBarFormat: String, Sendable, Hashable, CaseIterable {
    /// One JSON object a line: `text`, `tooltip`, `class`, `percentage`, `alt` (waybar's custom
    /// module with `return-type: json`).
    case waybar
    /// `full_text`, `short_text` and `color`, a line each; `status` exits 33 (urgent) while a
    /// countdown is expired.
    case i3blocks
    /// One line with `%{F#rrggbb}…%{F-}` colour tags.
    case polybar
    /// One line with `#[fg=#rrggbb]…#[default]` styles (`status-right`).
    case tmux

    /// The colour a status is shown in: Tango's green, yellow, orange, red and grey.
    static func color(_ status: DisplayStatus) -> String {
        switch status {
        case .running: "#8ae234"
        case .paused: "#fce94f"
        case .waiting: "#fcaf3e"
        case .expired: "#ef2929"
        case .initial: "#babdb6"
        }
    }

    /// Whether the bar marks `state` as urgent: i3blocks, while a countdown is expired or its away
    /// time waits for a decision, or that of one of the `others` a list's bar counts beside it
    /// (exit 33, or `urgent` in a followed block's line).
    func isUrgent(_ state: StopwatchViewState?, others: [StopwatchViewState] = []) -> Bool {
        self == .i3blocks
            && (state?.status == .expired || state?.away.isUndecided == true || others.contains { $0.away.isUndecided })
    }

    /// Waybar's `class`: the status, a cycle's phase (`["running", "work"]`), and `away` while the
    /// run's away time waits for a decision, or that of one of the `others` beside it (a list's
    /// bar shows the most pressing run, and a person must still see that another asks).
    static func classes(_ state: StopwatchViewState, others: [StopwatchViewState] = []) -> JSONValue {
        let undecided = state.away.isUndecided || others.contains { $0.away.isUndecided }
        let words = [state.status.token] + (state.phase.map { [$0.label] } ?? []) + (undecided ? ["away"] : [])
        return words.count == 1 ? .string(words[0]) : .array(words.map { .string($0) })
    }

    /// The output for `state`; without `colors` (`NO_COLOR`), no colour at all.
    func text(for state: StopwatchViewState, colors: Bool, others: [StopwatchViewState] = []) -> String {
        // A cycle's phase too in waybar's class, so a bar can colour work and breaks apart:
        // ["running", "work"]; `percentage` only for a countdown or a cycle, which have one.
        text(
            Parts(
                full: Self.fullText(state, others: others), short: { Self.shortText(state, others: others) },
                color: Self.color(state.status),
                alt: state.status.token,
                classes: Self.classes(state, others: others),
                percentage: StopwatchLineComposer.wholeSecondsPercent(state),
                tooltip: { ([state] + others).map(StopwatchLineComposer.barTooltipLine).joined(with: "\n") }
            ),
            colors: colors
        )
    }

    /// What a bar shows, whatever it shows it of (a stopwatch, or today beside one): the text,
    /// i3blocks' short text, the colour, and waybar's `alt`, `class`, `percentage` and tooltip;
    /// what one bar alone shows is made only for it.
    struct Parts {
        var full: String
        var short: () -> String
        var color: String
        var alt: String
        var classes: JSONValue
        var percentage: Int?
        var tooltip: () -> String
    }

    /// `parts` in this bar's protocol, as its documentation asks; without `colors` (`NO_COLOR`),
    /// no colour at all.
    func text(_ parts: Parts, colors: Bool) -> String {
        switch self {
        case .waybar:
            // Sorted keys, as every document.
            var members: [JSONValue.Member] = [
                .init("alt", .string(parts.alt)), .init("class", parts.classes), .init("text", .string(parts.full)),
                .init("tooltip", .string(parts.tooltip())),
            ]
            if let percent = parts.percentage { members.insert(.init("percentage", .integer(Int64(percent))), at: 2) }
            return JSONDocumentEncoder.text(.object(members))
        case .i3blocks:
            return parts.full + "\n" + parts.short() + "\n" + (colors ? parts.color + "\n" : "")
        case .polybar:
            return (colors ? "%{F" + parts.color + "}" + parts.full + "%{F-}" : parts.full) + "\n"
        case .tmux:
            return (colors ? "#[fg=" + parts.color + "]" + parts.full + "#[default]" : parts.full) + "\n"
        }
    }

    /// What `--follow` prints for `state`, or for nothing to show: one line a change, as each bar
    /// reads a command that keeps running (waybar's `exec` without `interval`, polybar's `tail =
    /// true`, i3blocks' `interval=persist`). i3blocks reads a persistent block one line at a time,
    /// so its line is a JSON object (`format=json`) with `urgent` while a countdown is expired.
    /// Nothing to show is the line that hides each bar's module: empty text.
    func followText(for state: StopwatchViewState?, colors: Bool, others: [StopwatchViewState] = []) -> String {
        switch (self, state) {
        case (.waybar, nil):
            return JSONDocumentEncoder.text(.object([.init("text", .string(""))]))
        case (.i3blocks, nil):
            return JSONDocumentEncoder.text(.object([.init("full_text", .string(""))]))
        case (_, nil):
            return "\n"
        case (.i3blocks, let state?):
            var members: [JSONValue.Member] = [
                .init("full_text", .string(Self.fullText(state, others: others))),
                .init("short_text", .string(Self.shortText(state, others: others))),
            ]
            if colors { members.insert(.init("color", .string(Self.color(state.status))), at: 0) }
            if isUrgent(state, others: others) { members.append(.init("urgent", .bool(true))) }
            return JSONDocumentEncoder.text(.object(members))
        case (_, let state?):
            return text(for: state, colors: colors, others: others)
        }
    }

    /// The bar's text, with how many more there are: `tea 04:57 left +1`.
    private static func fullText(_ state: StopwatchViewState, others: [StopwatchViewState]) -> String {
        StopwatchLineComposer.barText(state) + StopwatchLineComposer.more(others.count)
    }

    /// i3blocks' `short_text`: the same without the name.
    private static func shortText(_ state: StopwatchViewState, others: [StopwatchViewState]) -> String {
        StopwatchLineComposer.barText(state, withName: false) + StopwatchLineComposer.more(others.count)
    }
}
