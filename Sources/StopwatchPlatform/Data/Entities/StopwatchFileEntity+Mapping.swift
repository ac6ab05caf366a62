import StopwatchCore

/// Conversions between the stored entities and the Core's, with the checks a file from disk needs.
extension StopwatchFileEntity {
    init(_ state: StopwatchState, lapBytes: Int64, updatedAt: Duration) {
        self.init(
            schemaVersion: state.countdown == nil ? Self.stopwatchSchemaVersion : Self.countdownSchemaVersion,
            name: state.name.rawValue,
            status: state.status.rawValue,
            accumulatedMicroseconds: state.accumulated.wholeMicroseconds,
            runningSince: state.runningSince.map(TimeReadingEntity.init),
            estimated: state.isEstimated,
            startedAt: state.startedAt.map(RFC3339Timestamp.string(from:)),
            laps: LapLogEntity(count: state.lapCount, bytes: lapBytes, latest: state.latestLap.map(LapEntity.init)),
            updatedAt: RFC3339Timestamp.string(from: updatedAt),
            countdownMicroseconds: state.countdown?.wholeMicroseconds
        )
    }

    /// The Core state, or a description of what makes this entity invalid.
    func state(expecting expectedName: StopwatchName) throws(EntityError) -> StopwatchState {
        switch (schemaVersion, countdownMicroseconds) {
        case (Self.stopwatchSchemaVersion, nil), (Self.countdownSchemaVersion, .some(1...)):
            break
        case (Self.stopwatchSchemaVersion, .some), (Self.countdownSchemaVersion, _):
            throw EntityError("countdownMicroseconds must be above zero in version 2 and absent in version 1")
        default:
            throw EntityError("unsupported schemaVersion \(schemaVersion) (this stopwatch reads 1 and 2)")
        }
        guard name == expectedName.rawValue else {
            throw EntityError("it names stopwatch '\(name)', not '\(expectedName)'")
        }
        guard let status = StopwatchStatus(rawValue: status) else {
            throw EntityError("unknown status '\(status)'")
        }
        guard accumulatedMicroseconds >= 0 else { throw EntityError("negative accumulatedMicroseconds") }
        guard (status == .running) == (runningSince != nil) else {
            throw EntityError("runningSince must be set exactly when the status is running")
        }
        guard laps.count >= 0, laps.bytes >= 0, (laps.count == 0) == (laps.bytes == 0),
            (laps.count == 0) == (laps.latest == nil), laps.latest.map({ $0.number == laps.count }) ?? true
        else { throw EntityError("inconsistent laps record") }
        guard status != .initial || (accumulatedMicroseconds == 0 && laps.count == 0) else {
            throw EntityError("an initial stopwatch with time or laps")
        }
        var startedAt: Duration?
        if let text = self.startedAt {
            guard let parsed = RFC3339Timestamp.duration(from: text) else {
                throw EntityError("startedAt '\(text)' is not an RFC 3339 time")
            }
            startedAt = parsed
        }
        return StopwatchState(
            name: expectedName,
            status: status,
            accumulated: .microseconds(accumulatedMicroseconds),
            runningSince: runningSince.map(\.reading),
            isEstimated: estimated,
            lapCount: laps.count,
            latestLap: try laps.latest?.lap(),
            startedAt: startedAt,
            countdown: countdownMicroseconds.map(Duration.microseconds)
        )
    }
}

extension TimeReadingEntity {
    init(_ reading: TimeReading) {
        self.init(
            wallMicroseconds: reading.wall.wholeMicroseconds,
            bootMicroseconds: reading.boot.wholeMicroseconds,
            bootSession: reading.bootSession.rawValue
        )
    }

    var reading: TimeReading {
        TimeReading(
            wall: .microseconds(wallMicroseconds),
            boot: .microseconds(bootMicroseconds),
            bootSession: BootSession(bootSession)
        )
    }
}

extension LapEntity {
    init(_ lap: Lap) {
        self.init(
            number: lap.number,
            lapMicroseconds: lap.duration.wholeMicroseconds,
            totalMicroseconds: lap.total.wholeMicroseconds,
            label: lap.label,
            recordedAt: RFC3339Timestamp.string(from: lap.recordedAt)
        )
    }

    func lap() throws(EntityError) -> Lap {
        guard number >= 1, lapMicroseconds >= 0, totalMicroseconds >= lapMicroseconds else {
            throw EntityError("lap \(number) has impossible times")
        }
        guard let recordedAt = RFC3339Timestamp.duration(from: recordedAt) else {
            throw EntityError("lap \(number): recordedAt '\(self.recordedAt)' is not an RFC 3339 time")
        }
        return Lap(
            number: number,
            duration: .microseconds(lapMicroseconds),
            total: .microseconds(totalMicroseconds),
            label: label,
            recordedAt: recordedAt
        )
    }
}

/// Why a decoded entity does not describe a valid stopwatch.
struct EntityError: Error {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
