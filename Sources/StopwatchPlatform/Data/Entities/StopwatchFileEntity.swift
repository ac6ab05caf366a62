/// The state file `NAME.json`, schema version 1 (documented in docs/state-format.md).
///
/// The lap history lives apart, in `NAME.laps`; this file records how many bytes of it are
/// committed, so a lap appended by a write that was killed before its commit is ignored and cut off.
struct StopwatchFileEntity: Codable, Equatable {
    static let currentSchemaVersion = 1

    var schemaVersion: Int
    var name: String
    var status: String
    var accumulatedMicroseconds: Int64
    var runningSince: TimeReadingEntity?
    var estimated: Bool
    var startedAt: String?
    var laps: LapLogEntity
    var updatedAt: String
}

/// A `TimeReading` as stored: whole microseconds on each clock, and the boot session's identity.
struct TimeReadingEntity: Codable, Equatable {
    var wallMicroseconds: Int64
    var bootMicroseconds: Int64
    var bootSession: String
}

/// The committed part of the lap file and the latest lap, so `lap` and `status` never read the file.
struct LapLogEntity: Codable, Equatable {
    var count: Int
    var bytes: Int64
    var latest: LapEntity?
}

/// One line of `NAME.laps`, and the latest lap in the state file.
struct LapEntity: Codable, Equatable {
    var number: Int
    var lapMicroseconds: Int64
    var totalMicroseconds: Int64
    var label: String?
    var recordedAt: String
}
