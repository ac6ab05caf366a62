/// The port through which the Core reads the clocks.
public protocol TimeSource: Sendable {
    func now() -> TimeReading
}
