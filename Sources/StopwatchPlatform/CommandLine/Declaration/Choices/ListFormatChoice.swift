/// `list --format`: the most pressing stopwatch, in a status bar's protocol.
public enum ListFormatChoice: String, DeclaredChoice {
    case waybar, i3blocks, polybar, tmux

    public var help: String {
        switch self {
        case .waybar: "waybar's JSON line; its tooltip lists every one"
        case .i3blocks: "i3blocks' lines; exit 33 (urgent) when it is an expired countdown"
        case .polybar: "one line with polybar's colour tags"
        case .tmux: "one line with tmux's styles"
        }
    }

    var bar: StatusBarFormat {
        switch self {
        case .waybar: .waybar
        case .i3blocks: .i3blocks
        case .polybar: .polybar
        case .tmux: .tmux
        }
    }
}
