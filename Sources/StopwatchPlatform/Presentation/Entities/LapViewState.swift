/// One lap, ready to show.
public struct LapViewState: Sendable, Hashable {
    public var number: Int
    public var duration: DurationViewState
    public var total: DurationViewState
    public var label: String?
    /// Tied for the shortest lap of the whole history, among two or more (`LapStatistics`); false
    /// where the history was not read.
    public var isBest: Bool
    /// Tied for the longest lap of the whole history, among two or more; false where the history
    /// was not read.
    public var isWorst: Bool
    /// When the split was recorded, on the wall clock, since the Unix epoch.
    public var recordedAtInstant: Duration

    /// RFC 3339 UTC time of the split: made when shown (CSV, JSON), not for every lap mapped, which
    /// cost `laps` of a hundred thousand laps a tenth of its time.
    public var recordedAt: String { RFC3339Timestamp.string(from: recordedAtInstant) }
}
