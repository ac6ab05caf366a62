extension StatusBarFormat: DeclaredChoice {
    public var help: String {
        switch self {
        case .waybar: "waybar's JSON line: text, tooltip, class (the status), percentage, alt"
        case .i3blocks: "i3blocks' full_text, short_text and color lines; exit 33 (urgent) once a countdown expired"
        case .polybar: "one line with polybar's %{F#rrggbb} colour tags"
        case .tmux: "one line with tmux's #[fg=#rrggbb] styles"
        }
    }
}
