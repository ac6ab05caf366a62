/// The state file `NAME.json` (documented in docs/state-format.md): schema version 1 for a
/// stopwatch, 2 for a countdown, which adds `countdownMicroseconds`. A stopwatch is still written
/// as version 1, so older versions of the tool keep reading it, and refuse a countdown rather than
/// rewrite it as a stopwatch.
///
/// The lap history lives apart, in `NAME.laps`; this file records how many bytes of it are
/// committed, so a lap appended by a write that was killed before its commit is ignored and cut off.
struct StopwatchFileEntity: Equatable {
    static let stopwatchSchemaVersion = 1
    static let countdownSchemaVersion = 2

    var schemaVersion: Int
    var name: String
    var status: String
    var accumulatedMicroseconds: Int64
    var runningSince: TimeReadingEntity?
    var estimated: Bool
    var startedAt: String?
    var laps: LapLogEntity
    var updatedAt: String
    /// The full duration of a countdown; absent for a stopwatch.
    var countdownMicroseconds: Int64?
}

/// A `TimeReading` as stored: whole microseconds on each clock, and the boot session's identity.
struct TimeReadingEntity: Equatable {
    var wallMicroseconds: Int64
    var bootMicroseconds: Int64
    var bootSession: String
}

/// The committed part of the lap file and the latest lap, so `lap` and `status` never read the file.
struct LapLogEntity: Equatable {
    var count: Int
    var bytes: Int64
    var latest: LapEntity?
}

/// One line of `NAME.laps`, and the latest lap in the state file.
struct LapEntity: Equatable {
    var number: Int
    var lapMicroseconds: Int64
    var totalMicroseconds: Int64
    var label: String?
    var recordedAt: String
}
