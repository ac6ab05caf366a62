extension StampSession.Since: DeclaredChoice {
    public var help: String {
        switch self {
        case .start: "time since the first line (the default)"
        case .previous: "time since the line before"
        }
    }
}
