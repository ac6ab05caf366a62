/// The port through which the Core gets new ids for what it adds to history: 128 random bits
/// each (`SystemIDSource` in production; a seeded or counting fake in tests).
public protocol IDSource: Sendable {
    /// An id never given before.
    func next() -> EventID
}
