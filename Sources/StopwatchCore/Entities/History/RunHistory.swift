/// What history holds: its runs, and the lines that could not be read (passed over and
/// reported, never a reason to lose the rest).
public struct RunHistory: Sendable, Hashable {
    /// The runs, as the question asked for them.
    public var runs: [RunRecord]
    /// The lines that could not be read.
    public var damaged: [DamagedLine]
    /// How many runs history keeps, with those in progress, whatever the names, tags and days
    /// asked for: what an empty answer says, so it never reads as if no run were kept.
    public var kept = 0
    /// True when its runs were recorded just now, by this machine (`track`): where a run read
    /// from history names the machine that recorded it, these have not been read back yet.
    public var recordedHere = false

    /// `runs`, with the lines that could not be read.
    public init(runs: [RunRecord] = [], damaged: [DamagedLine] = []) {
        self.runs = runs
        self.damaged = damaged
    }
}
