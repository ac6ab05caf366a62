/// Where a run of a `PhaseSequence` stands at one instant: the one reading every surface renders
/// (the status line, the bars, templates, JSON, the hooks); none computes a phase of its own.
public struct SequenceProgress: Sendable, Hashable {
    /// The phase the run is in, numbered from 0 across the run; the last one once it is finished.
    public var index: Int
    /// How many phases the run has; nil when it repeats until stopped.
    public var count: Int?
    /// The phase it is in.
    public var phase: Phase
    /// The round the phase is in, from 1, of `rounds` (nil until stopped).
    public var round: Int
    /// How many rounds the run has; nil until stopped.
    public var rounds: Int?
    /// Time spent in the phase, and left of it (zero once the run is finished).
    public var inPhase: Duration
    /// Time left of the phase.
    public var leftInPhase: Duration
    /// Time left of the whole run; nil when it repeats until stopped.
    public var leftInPlan: Duration?
    /// The elapsed time at which the whole run ends (nil until stopped), `next` taken into account.
    public var end: Duration?
    /// Progress towards that end, as a countdown's (nil until stopped): set by
    /// `StopwatchState.progress(at:)`, which reads the elapsed time with its estimate.
    public var planEnd: CountdownProgress?
    /// Time since the last phase ended, or while it waits for a person, since the phase it is in
    /// ended; zero otherwise.
    public var overtime: Duration
    /// True while the phase has ended and the next waits for a person (`next`), as the plan's
    /// `waitsBefore` asks: the run is still in this phase, and its edge has passed.
    public var isWaiting: Bool
    /// The label of the phase that begins at the next edge; nil at the last one. (A label, not
    /// the phase: an optional phase is a type the runtime makes at first use, which a prompt's
    /// `status` would pay for.)
    public var nextLabel: String?

    /// True once the last phase has ended.
    public var isFinished: Bool
    /// The labels of the phases around the one it is in, in order, and which of them it is in:
    /// what the live view lays out. That is the rounds up to and with the long phase (the
    /// pomodoro's eight), or the round alone when that would be more than 16.
    public var roundLabels: [String] {
        let first = index - positionInRound
        return (first..<(first + period)).map { sequence.phase($0).label }
    }
    /// Its place among `roundLabels`, from 0.
    public var positionInRound: Int { index % period }
    private var period: Int {
        let withLong = sequence.phases.count * (sequence.hasLong ? sequence.longEvery : 1)
        return withLong <= 16 ? withLong : sequence.phases.count
    }
    private let sequence: PhaseSequence

    /// The plan's warning before each phase's end, in whole microseconds; 0 for none.
    public var warningMicroseconds: Int64

    /// `phase` is phase `index` as it runs: longer or shorter than planned when `timer --add`
    /// changed it (`PhaseAnchor.extra`).
    init(
        sequence: PhaseSequence, index: Int, phase: Phase, inPhase: Duration, overtime: Duration, finished: Bool,
        elapsed: Duration, waiting: Bool = false
    ) {
        self.index = index
        count = sequence.phaseCount
        self.phase = phase
        round = index / sequence.phases.count + 1
        rounds = sequence.rounds
        self.inPhase = inPhase
        leftInPhase = max(.zero, phase.duration - inPhase)
        self.overtime = overtime
        self.sequence = sequence
        isFinished = finished
        isWaiting = waiting
        warningMicroseconds = sequence.warningMicroseconds
        if let count {
            let remaining = leftInPhase + sequence.duration(from: min(index + 1, count), to: count)
            leftInPlan = remaining
            // Nothing counts down while it waits: the end moves on with the time.
            end = finished ? elapsed - overtime : elapsed + remaining
        } else {
            leftInPlan = nil
            end = nil
        }
        nextLabel = finished || count.map({ index + 1 >= $0 }) == true ? nil : sequence.phase(index + 1).label
    }
}
