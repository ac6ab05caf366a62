/// `stamp --format`.
public enum StampFormatChoice: String, DeclaredChoice {
    case human, ms, s, us, clock, iso

    public var help: String {
        switch self {
        case .human: "elapsed, 01:02.345678 (the default)"
        case .ms: "elapsed whole milliseconds"
        case .s: "elapsed seconds, six decimals"
        case .us: "elapsed whole microseconds"
        case .clock: "local time of day, 14:05:01.123456"
        case .iso: "RFC 3339 with the UTC offset"
        }
    }

    /// True for the formats that print the time of day rather than an elapsed time.
    var isTimeOfDay: Bool { self == .clock || self == .iso }
}
