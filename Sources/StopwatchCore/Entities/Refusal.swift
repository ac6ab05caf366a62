/// Why an operation does not apply to a run now (`StopwatchState.refusal(of:at:)`): decided in
/// the Core from the run's status and its plan, so that what words it (the Platform's messages and
/// the live view's hints) asks no question of the plan's kind.
public enum Refusal: Sendable, Hashable {
    /// Its end has passed: a countdown at or past zero, a cycle of so many rounds past its last phase.
    case expired
    /// It runs (`start` of a running stopwatch).
    case running
    /// It is paused (`pause` or `lap` of a paused one).
    case paused
    /// Reset, or never started.
    case notStarted
    /// `timer` over a countdown with time left.
    case timeLeft
    /// `timer` or `cycle` over a run of another plan.
    case otherPlan
    /// `cycle` over a cycle.
    case cycleInUse
    /// `wait` on a cycle that repeats until stopped.
    case repeatsUntilStopped
    /// `wait`, `dismiss` on a stopwatch: it has no end.
    case noEnd
    /// `timer --add` on a stopwatch.
    case nothingToExtend
    /// `timer --add`, `next`, `wait --edge` on a cycle whose last phase has ended.
    case lastPhaseEnded
    /// `dismiss` on a run whose end has not come.
    case notExpired
    /// `next` or `wait --edge` on a run that is no cycle; `hasEnd` when `wait` would wait for it.
    case notACycle(hasEnd: Bool)
}
