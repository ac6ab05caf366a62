/// `status --format`.
public enum StatusFormatChoice: String, DeclaredChoice {
    case human, ms, s, json, waybar, i3blocks, polybar, tmux

    public var help: String {
        switch self {
        case .human: "'NAME: STATUS TIME, N laps' (the default)"
        case .ms: "elapsed whole milliseconds alone (a countdown: the time left)"
        case .s: "the same in seconds, three decimals"
        case .json: "one JSON object, as --json"
        case .waybar: "waybar's JSON line: text, tooltip, class (the status), percentage, alt"
        case .i3blocks: "i3blocks' full_text, short_text and color lines; exit 33 (urgent) once a countdown expired"
        case .polybar: "one line with polybar's %{F#rrggbb} colour tags"
        case .tmux: "one line with tmux's #[fg=#rrggbb] styles"
        }
    }
}
