/// A plan of phases: a round of phases (`work 25m`, `break 5m`) repeated `rounds` times, or until
/// stopped, with an optional long phase in place of the last phase of every `longEvery`th round
/// (the classic pomodoro's long break after every fourth work phase).
///
/// Phases are numbered from 0 across the whole run: phase `i` is the `i % phases.count`th of round
/// `i / phases.count`. Which phase a run is in follows from its elapsed time alone
/// (`progress(elapsed:from:)`), never from a process that watched the edges.
public struct PhaseSequence: Sendable, Hashable {
    /// At most this many phases in a round, and this many rounds.
    public static let maximumPhases = 64
    /// The most rounds a cycle can have.
    public static let maximumRounds = 10_000

    /// One round, in order; at least one.
    public var phases: [Phase]
    /// How many rounds; nil to repeat until stopped.
    public var rounds: Int?
    /// In place of the last phase of every `longEvery`th round, if any.
    public var long: Phase? {
        get { longLabel.map { Phase($0, longDuration) } }
        set {
            longLabel = newValue?.label
            longDuration = newValue?.duration ?? .zero
        }
    }
    /// Every how many rounds the long phase takes the last phase's place (1: every round).
    public var longEvery: Int
    /// Whether there is a long phase (without making the optional phase, for the paths every
    /// `status` of a cycle takes).
    public var hasLong: Bool { longLabel != nil }
    /// The labels of the phases a run waits for a person before beginning (`next`), rather than
    /// beginning at the edge: the phase before one ends, and the time it waits shows as overtime.
    public var waitsBefore: [String]
    /// How long before each phase's end its hook warns, in whole microseconds; 0 for no warning.
    /// (Microseconds, not an optional duration: that is a type a cycle's `status` would make.)
    public var warningMicroseconds: Int64 = 0
    /// `long`, kept as its parts: an optional phase is a type the runtime makes at first use, and
    /// a cycle's `status` read it on every run.
    private var longLabel: String?
    private var longDuration = Duration.zero

    /// A sequence of `phases` a round, `rounds` times (until stopped when nil), with `long` every
    /// `longEvery`th round, waiting for `next` before the phases labelled in `waitsBefore`.
    public init(phases: [Phase], rounds: Int? = nil, long: Phase? = nil, longEvery: Int = 1, waitsBefore: [String] = [])
    {
        self.phases = phases
        self.rounds = rounds
        self.waitsBefore = waitsBefore
        self.longEvery = max(1, longEvery)
        self.long = long
    }

    /// The classic pomodoro: 25 minutes of work, a 5-minute break, and a 15-minute long break in
    /// place of every fourth break, until stopped.
    public static let pomodoro = PhaseSequence(
        phases: [Phase("work", .seconds(25 * 60)), Phase("break", .seconds(5 * 60))],
        long: Phase("long-break", .seconds(15 * 60)), longEvery: 4
    )

    /// How many phases the whole run has; nil when it repeats until stopped.
    public var phaseCount: Int? { rounds.map { $0 * phases.count } }

    /// Phase `index` of the run (from 0).
    public func phase(_ index: Int) -> Phase {
        let round = index / phases.count
        let position = index % phases.count
        if let longLabel, position == phases.count - 1, (round + 1) % longEvery == 0 {
            return Phase(longLabel, longDuration)
        }
        return phases[position]
    }

    /// The planned length of the whole run; nil when it repeats until stopped.
    public var totalDuration: Duration? {
        guard let count = phaseCount else { return nil }
        return duration(from: 0, to: count)
    }

    /// The length of phases `start..<end`, in whole cycles of `longEvery` rounds where it can.
    func duration(from start: Int, to end: Int) -> Duration {
        Self.duration(microseconds: microseconds(from: start, to: end))
    }

    // The arithmetic is in whole microseconds, as the phases are stored: `Duration * Int` is
    // generic over the integer, and a cycle's every `status` paid for the runtime looking up its
    // types.

    private func microseconds(from start: Int, to end: Int) -> Int64 {
        var total: Int64 = 0
        var index = start
        let cycle = phases.count * longEvery
        let period = cycleMicroseconds
        while index < end {
            if index % cycle == 0, index + cycle <= end {
                let cycles = (end - index) / cycle
                total += period * Int64(cycles)
                index += cycle * cycles
            } else {
                total += phase(index).duration.wholeMicroseconds
                index += 1
            }
        }
        return total
    }

    /// The length of `longEvery` rounds, the period after which the phases repeat.
    private var cycleMicroseconds: Int64 {
        var total: Int64 = 0
        for index in 0..<(phases.count * longEvery) { total += phase(index).duration.wholeMicroseconds }
        return total
    }

    static func duration(microseconds: Int64) -> Duration {
        Duration(wholeMicroseconds: microseconds)
    }

    /// Phase `index` as it runs from `anchor`: the anchor's own lasts its `extra` longer.
    public func phase(_ index: Int, from anchor: PhaseAnchor) -> Phase {
        let planned = phase(index)
        return index == anchor.index && anchor.extra != .zero
            ? Phase(planned.label, planned.duration + anchor.extra) : planned
    }

    /// Where a run of this plan stands after `elapsed` of running time, its phase `anchor.index`
    /// having begun at `anchor.at` (phase 0 at zero, unless `next` ended a phase early) and
    /// lasting `anchor.extra` longer than planned.
    public func progress(elapsed: Duration, from anchor: PhaseAnchor = PhaseAnchor()) -> SequenceProgress {
        var left = max(0, elapsed.wholeMicroseconds - anchor.at.wholeMicroseconds)
        var index = anchor.index
        let cycle = phases.count * longEvery
        let period = cycleMicroseconds
        while true {
            if let count = phaseCount, index >= count {
                return SequenceProgress(
                    sequence: self, index: count - 1, phase: phase(count - 1, from: anchor),
                    inPhase: phase(count - 1, from: anchor).duration,
                    overtime: Self.duration(microseconds: left), finished: true, elapsed: elapsed
                )
            }
            // Whole cycles at once, so a run left going for weeks is read in a few steps (a run that
            // waits for a person never passes a whole cycle alone, nor one from a phase made longer).
            if waitsBefore.isEmpty, index % cycle == 0, period > 0, left >= period,
                index != anchor.index || anchor.extra == .zero
            {
                var cycles = Int(left / period)
                if let count = phaseCount { cycles = min(cycles, (count - index) / cycle) }
                if cycles > 0 {
                    left -= period * Int64(cycles)
                    index += cycle * cycles
                    continue
                }
            }
            let current = phase(index, from: anchor)
            let length = current.duration.wholeMicroseconds
            if left < length {
                return SequenceProgress(
                    sequence: self, index: index, phase: current, inPhase: Self.duration(microseconds: left),
                    overtime: .zero, finished: false,
                    elapsed: elapsed
                )
            }
            // The phase has ended: the next begins now, unless it waits for a person.
            if !waitsBefore.isEmpty, phaseCount.map({ index + 1 < $0 }) ?? true,
                waitsBefore.contains(phase(index + 1).label)
            {
                return SequenceProgress(
                    sequence: self, index: index, phase: current, inPhase: current.duration,
                    overtime: Self.duration(microseconds: left - length),
                    finished: false, elapsed: elapsed, waiting: true
                )
            }
            left -= length
            index += 1
        }
    }
}

/// Where the phases are counted from: phase `index` began at `at` of the run's elapsed time,
/// and lasts `extra` longer than planned (shorter, negative). `next` moves it, ending a phase
/// early; `timer --add` on a cycle sets it at the phase it is in, with the time added; a reset
/// puts it back at phase 0 at zero.
public struct PhaseAnchor: Sendable, Hashable {
    /// The phase, from 0 across the run.
    public var index: Int
    /// Where in the run's elapsed time it began.
    public var at: Duration
    /// How much longer than planned it lasts (negative: shorter).
    public var extra: Duration

    /// Phase `index` begun at `at`, `extra` longer than planned (phase 0 at zero, as planned, by default).
    public init(index: Int = 0, at: Duration = .zero, extra: Duration = .zero) {
        self.index = index
        self.at = at
        self.extra = extra
    }
}
