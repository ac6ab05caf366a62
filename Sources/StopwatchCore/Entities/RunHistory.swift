/// What history holds: the runs that ended, oldest first, and how many of its lines could not be
/// read (passed over and reported, never a reason to lose the rest).
public struct RunHistory: Sendable, Hashable {
    public var runs: [RunRecord]
    public var damagedLines: Int

    public init(runs: [RunRecord] = [], damagedLines: Int = 0) {
        self.runs = runs
        self.damagedLines = damagedLines
    }
}
