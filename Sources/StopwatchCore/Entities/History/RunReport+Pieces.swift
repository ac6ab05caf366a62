extension RunReport {
    /// A cycle's run's whole milliseconds by phase label, in the order it ran them, summing to its
    /// elapsed milliseconds: each phase it itemizes (`RunRecord.phaseTimes`; a wait for a person
    /// books nothing); the time past them (a run of more phases than a record itemizes) labelled
    /// as the plan goes on from there, by the phases' lengths. Time a correction took away is
    /// taken from the end.
    static func phasePieces(of run: RunRecord) -> [(label: String, elapsed: Int64)] {
        guard case .sequence(let sequence) = run.plan else { return [("", run.elapsed.wholeMicroseconds / 1000)] }
        var left = run.elapsed.wholeMicroseconds
        var microseconds: [(label: String, elapsed: Int64)] = []
        func take(_ label: String, _ duration: Duration) {
            let amount = min(left, duration.wholeMicroseconds)
            guard amount > 0 else { return }
            microseconds.append((label, amount))
            left -= amount
        }
        for (index, time) in run.phaseTimes.enumerated() { take(sequence.phase(index).label, time.ran) }
        var index = run.phaseTimes.count
        while left > 0 {
            let phase = sequence.phase(index)
            take(
                phase.label,
                left > phase.duration.wholeMicroseconds && (sequence.phaseCount.map { index + 1 < $0 } ?? true)
                    ? phase.duration : .microseconds(left))
            index += 1
        }
        return wholeMilliseconds(microseconds)
    }

    /// A run's whole milliseconds by cause (`Grouping.cause`), summing to its elapsed
    /// milliseconds: `present` first, then the away time it kept, by cause. Where in the run each
    /// stretch fell is not kept, so a run across midnight gives its away time to its later day.
    static func causePieces(of run: RunRecord) -> [(label: String, elapsed: Int64)] {
        let elapsed = run.elapsed.wholeMicroseconds
        guard run.awayPolicy.counts, run.away > .zero else { return [(presentLabel, elapsed / 1000)] }
        var left = elapsed
        var microseconds: [(label: String, elapsed: Int64)] = []
        for cause in AwayCause.allCases.reversed() {
            let amount = min(left, run.away(cause).wholeMicroseconds)
            guard amount > 0 else { continue }
            microseconds.insert((cause.rawValue, amount), at: 0)
            left -= amount
        }
        microseconds.insert((presentLabel, left), at: 0)
        return wholeMilliseconds(microseconds)
    }

    /// The label of a run's time while somebody was there (`Grouping.cause`).
    public static let presentLabel = "present"

    /// Where a `Key.cause`'s label sorts: `present`, then the causes in `AwayCause`'s order.
    static func causeRank(_ label: String) -> Int {
        label == presentLabel
            ? 0 : (AwayCause(rawValue: label).flatMap { AwayCause.allCases.firstIndex(of: $0) } ?? 3) + 1
    }

    /// Pieces in microseconds to whole milliseconds, the run's own truncation kept: cut where the
    /// running sum crosses a millisecond.
    private static func wholeMilliseconds(_ microseconds: [(label: String, elapsed: Int64)]) -> [(
        label: String, elapsed: Int64
    )] {
        var pieces: [(label: String, elapsed: Int64)] = []
        var sum: Int64 = 0
        var given: Int64 = 0
        for piece in microseconds {
            sum += piece.elapsed
            let upToHere = sum / 1000
            if upToHere > given { pieces.append((piece.label, upToHere - given)) }
            given = upToHere
        }
        return pieces
    }

    /// The day pieces of a run cut again where its phase (or cause) pieces change: both lay its
    /// milliseconds out in order, so each millisecond has one day and one label.
    static func labelled(
        _ days: [(day: Int64, elapsed: Int64, counts: Bool)], by phases: [(label: String, elapsed: Int64)]
    ) -> [(day: Int64, label: String, elapsed: Int64, counts: Bool)] {
        var result: [(day: Int64, label: String, elapsed: Int64, counts: Bool)] = []
        var phaseIndex = 0
        var phaseLeft = phases.first?.elapsed ?? 0
        for piece in days {
            var left = piece.elapsed
            while left > 0, phaseIndex < phases.count {
                let amount = min(left, phaseLeft)
                if amount > 0 { result.append((piece.day, phases[phaseIndex].label, amount, piece.counts)) }
                left -= amount
                phaseLeft -= amount
                if phaseLeft == 0 {
                    phaseIndex += 1
                    phaseLeft = phaseIndex < phases.count ? phases[phaseIndex].elapsed : 0
                }
            }
        }
        return result
    }

}
