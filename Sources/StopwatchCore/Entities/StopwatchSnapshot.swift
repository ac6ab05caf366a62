/// A stopwatch's state with the clock reading it was committed or read at: what a StateStore holds
/// and a view maps.
///
/// A view maps a snapshot at its own reading, so a command shows the time of its change, not of a
/// moment later: `timer 25m` shows `25:00.00 left`, `start` shows `00:00.00`, and `lap --json`
/// shows the elapsed time the lap was split at, however long the commit took. A live view reads
/// the same state again at later readings.
public struct StopwatchSnapshot: Sendable, Hashable {
    /// The stopwatch as committed or read.
    public var state: StopwatchState
    /// The clocks' reading it was committed or read at.
    public var readAt: TimeReading

    /// `state` as of `readAt`.
    public init(state: StopwatchState, readAt: TimeReading) {
        self.state = state
        self.readAt = readAt
    }

    /// A stopwatch never started, read at no time in particular: its time is zero whenever read.
    public static func initial(_ name: StopwatchName) -> StopwatchSnapshot {
        StopwatchSnapshot(
            state: .initial(name), readAt: TimeReading(wall: .zero, boot: .zero, bootSession: BootSession("")))
    }
}
