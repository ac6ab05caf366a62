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

    /// The colour a status is shown in: Tango's green, yellow, red and grey.
    static func color(_ status: DisplayStatus) -> String {
        switch status {
        case .running: "#8ae234"
        case .paused: "#fce94f"
        case .expired: "#ef2929"
        case .initial: "#babdb6"
        }
    }

    /// The output for `state`; without `colors` (`NO_COLOR`), no colour at all.
    func text(for state: StopwatchViewState, colors: Bool, others: [StopwatchViewState] = []) -> String {
        let more = others.isEmpty ? "" : " +\(others.count)"
        let full = StopwatchLineComposer.barText(state) + more
        let color = Self.color(state.status)
        switch self {
        case .waybar:
            // Sorted keys, as every document; `percentage` only for a countdown, which has one.
            var members: [JSONValue.Member] = [
                .init("alt", .string(state.status.rawValue)),
                .init("class", .string(state.status.rawValue)),
                .init("text", .string(full)),
                .init("tooltip", .string(([state] + others).map { StopwatchLineComposer.line($0, .init(endTime: true)) }.joined(separator: "\n"))),
            ]
            if let countdown = state.countdown {
                members.insert(.init("percentage", .integer(Int64(countdown.progressPermille / 10))), at: 2)
            }
            return JSONDocumentEncoder.text(.object(members))
        case .i3blocks:
            let short = StopwatchLineComposer.barText(state, withName: false) + more
            return full + "\n" + short + "\n" + (colors ? color + "\n" : "")
        case .polybar:
            return (colors ? "%{F\(color)}\(full)%{F-}" : full) + "\n"
        case .tmux:
            return (colors ? "#[fg=\(color)]\(full)#[default]" : full) + "\n"
        }
    }
}
