/// What history holds: its runs, and the lines that could not be read (passed over and
/// reported, never a reason to lose the rest).
public struct RunHistory: Sendable, Hashable {
    public var runs: [RunRecord]
    public var damaged: [DamagedLine]

    public init(runs: [RunRecord] = [], damaged: [DamagedLine] = []) {
        self.runs = runs
        self.damaged = damaged
    }
}
