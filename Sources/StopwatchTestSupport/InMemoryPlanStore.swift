import StopwatchCore
import Synchronization

/// A `PlanStore` in memory: the plans a test saved, by name.
public final class InMemoryPlanStore: PlanStore {
    private let plans: Mutex<[StopwatchName: String]>

    public init(_ plans: [StopwatchName: String] = [:]) {
        self.plans = Mutex(plans)
    }

    public func load(_ name: StopwatchName) throws -> String? {
        plans.withLock { $0[name] }
    }

    public func names() throws -> [StopwatchName] {
        plans.withLock { $0.keys.sorted() }
    }

    public func save(_ name: StopwatchName, text: String) throws {
        plans.withLock { $0[name] = text }
    }

    public func location(of name: StopwatchName) -> String {
        "plans/" + name.rawValue
    }
}
