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

    /// Whether the bar marks `state` as urgent: i3blocks, while a countdown is expired (exit 33, or
    /// `urgent` in a followed block's line).
    func isUrgent(_ state: StopwatchViewState?) -> Bool {
        self == .i3blocks && state?.countdown?.isExpired == true
    }

    /// The output for `state`; without `colors` (`NO_COLOR`), no colour at all.
    func text(for state: StopwatchViewState, colors: Bool, others: [StopwatchViewState] = []) -> String {
        let full = Self.fullText(state, others: others)
        let color = Self.color(state.status)
        switch self {
        case .waybar:
            // Sorted keys, as every document; `percentage` only for a countdown, which has one.
            var members: [JSONValue.Member] = [
                .init("alt", .string(state.status.token)),
                // A cycle's phase too, so a bar can colour work and breaks apart: ["running", "work"].
                .init("class", state.phase.map { .array([.string(state.status.token), .string($0.label)]) } ?? .string(state.status.token)),
                .init("text", .string(full)),
                .init("tooltip", .string(([state] + others).map(StopwatchLineComposer.barTooltipLine).joined(separator: "\n"))),
            ]
            if let percent = StopwatchLineComposer.wholeSecondsPercent(state) {
                members.insert(.init("percentage", .integer(Int64(percent))), at: 2)
            }
            return JSONDocumentEncoder.text(.object(members))
        case .i3blocks:
            return full + "\n" + Self.shortText(state, others: others) + "\n" + (colors ? color + "\n" : "")
        case .polybar:
            return (colors ? "%{F\(color)}\(full)%{F-}" : full) + "\n"
        case .tmux:
            return (colors ? "#[fg=\(color)]\(full)#[default]" : full) + "\n"
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
            if isUrgent(state) { members.append(.init("urgent", .bool(true))) }
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
