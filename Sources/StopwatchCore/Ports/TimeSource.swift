/// The port through which the Core reads the clocks.
public protocol TimeSource: Sendable {
    /// Both clocks, read at one instant, in whole microseconds.
    func now() -> TimeReading
}
