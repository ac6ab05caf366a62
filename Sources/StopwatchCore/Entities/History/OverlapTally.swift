/// The time runs counted more than once within a span: where two of them overlap, the moments
/// both counted. `today` and a goal take it off what the runs booked (`ReadProgressUseCase`), so
/// that two stopwatches running at once count a minute once; `report`'s rows, each a run's own
/// time, keep it.
///
/// History keeps a run's first start, its end and the time it booked, not when it paused, so a
/// run's time is taken as spread evenly over its span, as `RunReport.pieces` spreads it across
/// midnight. Between any two bounds of overlapping runs each books its share, and together they
/// book no more than the stretch itself (or one run's share, where its clock counted more than
/// the wall clock passed): the rest is counted twice. Two runs that never paused overlap by
/// exactly the minutes they share.
public struct OverlapTally: Sendable {
    /// A run as the tally counts it, in microseconds: its span cut to the tally's, its whole
    /// span and the time it booked.
    public struct Piece: Sendable, Hashable {
        public var from: Int64
        public var to: Int64
        public var wall: Int64
        public var elapsed: Int64

        /// A run's span cut to `from..<to`, of its whole `wall` and `elapsed` booked.
        public init(from: Int64, to: Int64, wall: Int64, elapsed: Int64) {
            self.from = from
            self.to = to
            self.wall = wall
            self.elapsed = elapsed
        }
    }

    private let since: Duration
    private let until: Duration
    /// The runs added, as counted.
    public private(set) var pieces: [Piece]

    /// Counting from `since` to before `until`, `pieces` of runs counted before (none by default).
    public init(since: Duration, until: Duration, pieces: [Piece] = []) {
        self.since = since
        self.until = until
        self.pieces = pieces
    }

    /// Counts `run`'s span within the tally's.
    public mutating func add(_ run: RunRecord) {
        let wall = (run.endedAt - run.startedAt).wholeMicroseconds
        let from = max(run.startedAt, since)
        let to = min(run.endedAt, until)
        guard wall > 0, run.elapsed > .zero, to > from else { return }
        pieces.append(
            Piece(
                from: from.wholeMicroseconds, to: to.wholeMicroseconds, wall: wall,
                elapsed: run.elapsed.wholeMicroseconds))
    }

    /// The time counted more than once by the runs added.
    public var overlap: Duration {
        let sorted = pieces.sorted { $0.from < $1.from }
        var overlap: Int64 = 0
        var start = 0
        while start < sorted.count {
            // A cluster: runs each overlapping one before it.
            var end = start + 1
            var reach = sorted[start].to
            while end < sorted.count, sorted[end].from < reach {
                reach = max(reach, sorted[end].to)
                end += 1
            }
            if end - start > 1 { overlap += Self.overlap(of: sorted[start..<end]) }
            start = end
        }
        return .microseconds(overlap)
    }

    private static func overlap(of cluster: ArraySlice<Piece>) -> Int64 {
        let bounds = Set(cluster.flatMap { [$0.from, $0.to] }).sorted()
        var overlap: Int64 = 0
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            var sum: Int64 = 0
            var largest: Int64 = 0
            for piece in cluster where piece.from <= lower && piece.to >= upper {
                let share = Int64(Int128(piece.elapsed) * Int128(upper - lower) / Int128(piece.wall))
                sum += share
                largest = max(largest, share)
            }
            overlap += max(0, sum - max(upper - lower, largest))
        }
        return overlap
    }
}
