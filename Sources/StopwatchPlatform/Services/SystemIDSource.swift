import StopwatchCore

/// The `IDSource` adapter: 128 bits from the system's random source (`getrandom`, through the
/// standard library's generator).
public struct SystemIDSource: IDSource {
    public init() {}

    public func next() -> EventID {
        var generator = SystemRandomNumberGenerator()
        return EventID(high: generator.next(), low: generator.next())
    }
}
