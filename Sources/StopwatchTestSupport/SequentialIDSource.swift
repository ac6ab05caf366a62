import StopwatchCore
import Synchronization

/// An `IDSource` that counts: 1, 2, 3, … in the id's low half, its high half a seed's, so tests
/// know the ids they will get, and two sources with different seeds never give the same.
public final class SequentialIDSource: IDSource {
    private let counter = Mutex<UInt64>(0)
    private let seed: UInt64

    public init(seed: UInt64 = 0x5eed_0000_0000_0000) {
        self.seed = seed
    }

    public func next() -> EventID {
        let count = counter.withLock { count in
            count += 1
            return count
        }
        var generator = SplitMix64(seed: seed &+ count)
        return EventID(high: generator.next(), low: count)
    }
}

extension SequentialIDSource {
    /// One source for tests that need ids but not which: each id it gives is new.
    public static let shared = SequentialIDSource(seed: 0x7e57)
}
