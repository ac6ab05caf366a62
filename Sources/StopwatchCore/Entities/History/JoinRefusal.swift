/// Why two runs are not joined (`StopwatchError.cannotJoin`): decided in the Core from the runs,
/// so that what words it asks no question of their plans' kinds.
public enum JoinRefusal: Sendable, Hashable {
    /// A run of their name lies between them.
    case between(RunRecord)
    /// Both references name one run.
    case sameRun
    /// Runs of two names.
    case otherNames
    /// Runs of two plans.
    case otherPlans
    /// A cycle's runs: each keeps its phases as they ran.
    case phasesKept
    /// Runs with away time that did otherwise with it (one kept it, the other dropped it):
    /// joined, a later `edit --away` could not book it as each had.
    case otherAwayPolicies

    /// Why `earlier` and `later` are not one, by the runs alone; nil when they may be (a run of
    /// their name between them is the history's to tell: `between`).
    init?(joining earlier: RunRecord, with later: RunRecord) {
        if earlier.id == later.id {
            self = .sameRun
        } else if earlier.name != later.name {
            self = .otherNames
        } else if earlier.plan != later.plan {
            self = .otherPlans
        } else if earlier.plan.isSequence {
            self = .phasesKept
        } else if earlier.awayPolicy != later.awayPolicy, earlier.away > .zero || later.away > .zero {
            self = .otherAwayPolicies
        } else {
            return nil
        }
    }
}
