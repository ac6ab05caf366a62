extension ImportFormat: DeclaredChoice {
    public var help: String {
        switch self {
        case .timew:
            "what 'timew export' prints: a JSON array of intervals (its tags kept; a name from the first tag that is one)"
        case .watson: "Watson's frames file: each frame's project its name, its tags kept, its id kept"
        }
    }
}
