/// What a view shows of a cycle's phase: the one `SequenceProgress` reading, in words and times.
public struct PhaseViewState: Sendable, Hashable {
    public var label: String
    /// The phase's number across the run, from 1, of `count` (nil until stopped).
    public var number: Int
    public var count: Int?
    /// The round, from 1, of `rounds` (nil until stopped).
    public var round: Int
    public var rounds: Int?
    public var duration: DurationViewState
    /// The time left of the phase: its duration minus the truncated time spent in it, at each
    /// precision, as a countdown's (`DurationTextMapper.left`).
    public var left: DurationViewState
    /// The label of the phase that begins at its end; nil at the last.
    public var next: String?

    /// `2/8`, or `2` for a cycle that repeats until stopped.
    public var position: String {
        count.map { "\(number)/\($0)" } ?? String(number)
    }
}
