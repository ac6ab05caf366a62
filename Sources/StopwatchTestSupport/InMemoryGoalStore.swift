import StopwatchCore
import Synchronization

/// A `GoalStore` in memory; `failsToWrite` makes every write throw, to show a failed command
/// changed nothing.
public final class InMemoryGoalStore: GoalStore {
    private let goals: Mutex<Goals>
    public let failsToWrite: Bool

    public init(_ goals: Goals = Goals(), failsToWrite: Bool = false) {
        self.goals = Mutex(goals)
        self.failsToWrite = failsToWrite
    }

    public struct WriteFailure: Error {}

    public func read() throws -> Goals { goals.withLock { $0 } }

    public func write(_ goals: Goals) throws {
        if failsToWrite { throw WriteFailure() }
        self.goals.withLock { $0 = goals }
    }
}
