extension StampPrefix.Format: DeclaredChoice {
    public var help: String {
        switch self {
        case .human: "elapsed, 01:02.345678 (the default)"
        case .milliseconds: "elapsed whole milliseconds"
        case .seconds: "elapsed seconds, six decimals"
        case .microseconds: "elapsed whole microseconds"
        case .clock: "local time of day, 14:05:01.123456"
        case .iso: "RFC 3339 with the UTC offset"
        }
    }
}
