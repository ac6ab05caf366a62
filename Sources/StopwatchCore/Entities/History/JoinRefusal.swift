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
}
