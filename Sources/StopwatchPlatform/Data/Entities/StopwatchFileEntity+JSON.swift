import StopwatchCore

/// The entities as JSON: read field by field, so that a file of the wrong shape is reported with
/// the field at fault ("is missing the field 'laps.count'", "has a bad value in field 'name'"),
/// and written with `JSONWriter`. Optional fields are left out when they have no value, and read
/// as absent when missing or null. Unknown fields are ignored.
extension StopwatchFileEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            schemaVersion: try fields.required("schemaVersion", JSONFields.int),
            name: try fields.required("name", JSONFields.string),
            status: try fields.required("status", JSONFields.string),
            accumulatedMicroseconds: try fields.required("accumulatedMicroseconds", JSONFields.int64),
            runningSince: try fields.optional("runningSince", TimeReadingEntity.init(json:)),
            estimated: try fields.required("estimated", JSONFields.bool),
            startedAt: try fields.optional("startedAt", JSONFields.string),
            laps: try fields.required("laps", LapLogEntity.init(json:)),
            updatedAt: try fields.required("updatedAt", JSONFields.string),
            plan: try PlanEntity(journal: fields),
            hook: try fields.optional("hook", ExpiryHookEntity.init(json:)),
            phaseAnchor: try fields.optional("phaseAnchor", PhaseAnchorEntity.init(json:)),
            earlierPhaseAnchors: try fields.optional("earlierPhaseAnchors") { value throws(JSONFieldError) in
                guard case .array(let items) = value else { return nil }
                var anchors: [PhaseAnchor] = []
                anchors.reserveCapacity(items.count)
                for index in items.indices {
                    let entity = try JSONFields.element(index) { () throws(JSONFieldError) in
                        try PhaseAnchorEntity(json: items[index])
                    }
                    anchors.append(entity.anchor)
                }
                return anchors
            },
            firedEdges: try fields.optional("firedEdges", JSONFields.int),
            firedWarnings: try fields.optional("firedWarnings", JSONFields.int),
            undeliveredEdges: try fields.optional("undeliveredEdges", JSONFields.int),
            tags: try fields.optional("tags", JSONFields.string),
            runID: try fields.optional("runID", JSONFields.string),
            pausedAt: try fields.optional("pausedAt", JSONFields.string),
            countingSince: try fields.optional("countingSince", JSONFields.string),
            machine: try fields.optional("machine", JSONFields.string),
            host: try fields.optional("host", JSONFields.string),
            awayMicroseconds: try fields.optional("awayMicroseconds", JSONFields.int64),
            awayPolicy: try fields.optional("awayPolicy", JSONFields.string),
            awayLockedMicroseconds: try fields.optional("awayLockedMicroseconds", JSONFields.int64),
            awayIdleMicroseconds: try fields.optional("awayIdleMicroseconds", JSONFields.int64),
            awayDecidedMicroseconds: try fields.optional("awayDecidedMicroseconds", JSONFields.int64),
            awayDroppedMicroseconds: try fields.optional("awayDroppedMicroseconds", JSONFields.int64),
            lastAway: try fields.optional("lastAway", AwayStretchEntity.init(json:)),
            awayStand: try fields.optional("awayStand", JSONFields.string),
            claimedHook: try fields.optional("claimedHook", ExpiryHookEntity.init(json:))
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("schemaVersion", .integer(Int64(schemaVersion))),
            .init("name", .string(name)),
            .init("status", .string(status)),
            .init("accumulatedMicroseconds", .integer(accumulatedMicroseconds)),
            .init("estimated", .bool(estimated)),
            .init("laps", laps.json),
            .init("updatedAt", .string(updatedAt)),
        ]
        if let runningSince { members.append(.init("runningSince", runningSince.json)) }
        if let startedAt { members.append(.init("startedAt", .string(startedAt))) }
        plan.appendJournalMembers(to: &members)
        if let hook { members.append(.init("hook", hook.json)) }
        if let phaseAnchor { members.append(.init("phaseAnchor", phaseAnchor.json)) }
        if let earlierPhaseAnchors {
            members.append(
                .init("earlierPhaseAnchors", .array(earlierPhaseAnchors.map { PhaseAnchorEntity($0).json }))
            )
        }
        if let firedEdges { members.append(.init("firedEdges", .integer(Int64(firedEdges)))) }
        if let firedWarnings { members.append(.init("firedWarnings", .integer(Int64(firedWarnings)))) }
        if let undeliveredEdges { members.append(.init("undeliveredEdges", .integer(Int64(undeliveredEdges)))) }
        if let tags { members.append(.init("tags", .string(tags))) }
        if let runID { members.append(.init("runID", .string(runID))) }
        if let pausedAt { members.append(.init("pausedAt", .string(pausedAt))) }
        if let countingSince { members.append(.init("countingSince", .string(countingSince))) }
        if let machine { members.append(.init("machine", .string(machine))) }
        if let host { members.append(.init("host", .string(host))) }
        if let awayMicroseconds { members.append(.init("awayMicroseconds", .integer(awayMicroseconds))) }
        if let awayPolicy { members.append(.init("awayPolicy", .string(awayPolicy))) }
        if let awayLockedMicroseconds {
            members.append(.init("awayLockedMicroseconds", .integer(awayLockedMicroseconds)))
        }
        if let awayIdleMicroseconds { members.append(.init("awayIdleMicroseconds", .integer(awayIdleMicroseconds))) }
        if let awayDecidedMicroseconds {
            members.append(.init("awayDecidedMicroseconds", .integer(awayDecidedMicroseconds)))
        }
        if let awayDroppedMicroseconds {
            members.append(.init("awayDroppedMicroseconds", .integer(awayDroppedMicroseconds)))
        }
        if let lastAway { members.append(.init("lastAway", lastAway.json)) }
        if let awayStand { members.append(.init("awayStand", .string(awayStand))) }
        if let claimedHook { members.append(.init("claimedHook", claimedHook.json)) }
        return .object(members)
    }
}

extension PhaseAnchorEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            index: try fields.required("index", JSONFields.int),
            atMicroseconds: try fields.required("atMicroseconds", JSONFields.int64),
            extraMicroseconds: try fields.optional("extraMicroseconds", JSONFields.int64) ?? 0
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [.init("atMicroseconds", .integer(atMicroseconds))]
        if extraMicroseconds != 0 { members.append(.init("extraMicroseconds", .integer(extraMicroseconds))) }
        members.append(.init("index", .integer(Int64(index))))
        return .object(members)
    }
}

extension ExpiryHookEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            command: try fields.optional("command", JSONFields.string),
            notify: try fields.required("notify", JSONFields.bool)
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [.init("notify", .bool(notify))]
        if let command { members.append(.init("command", .string(command))) }
        return .object(members)
    }
}

extension TimeReadingEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            wallMicroseconds: try fields.required("wallMicroseconds", JSONFields.int64),
            bootMicroseconds: try fields.required("bootMicroseconds", JSONFields.int64),
            bootSession: try fields.required("bootSession", JSONFields.string),
            asleepMicroseconds: try fields.optional("asleepMicroseconds", JSONFields.int64)
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("wallMicroseconds", .integer(wallMicroseconds)),
            .init("bootMicroseconds", .integer(bootMicroseconds)),
            .init("bootSession", .string(bootSession)),
        ]
        if let asleepMicroseconds { members.append(.init("asleepMicroseconds", .integer(asleepMicroseconds))) }
        return .object(members)
    }
}

extension LapLogEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            count: try fields.required("count", JSONFields.int),
            bytes: try fields.optional("bytes", JSONFields.int64),
            latest: try fields.optional("latest", LapEntity.init(json:))
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [.init("count", .integer(Int64(count)))]
        if let bytes { members.append(.init("bytes", .integer(bytes))) }
        if let latest { members.append(.init("latest", latest.json)) }
        return .object(members)
    }
}

extension LapEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            number: try fields.required("number", JSONFields.int),
            lapMicroseconds: try fields.required("lapMicroseconds", JSONFields.int64),
            totalMicroseconds: try fields.required("totalMicroseconds", JSONFields.int64),
            label: try fields.optional("label", JSONFields.string),
            recordedAt: try fields.required("recordedAt", JSONFields.string)
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("number", .integer(Int64(number))),
            .init("lapMicroseconds", .integer(lapMicroseconds)),
            .init("totalMicroseconds", .integer(totalMicroseconds)),
            .init("recordedAt", .string(recordedAt)),
        ]
        if let label { members.append(.init("label", .string(label))) }
        return .object(members)
    }
}

/// Why a state file's JSON is not of the shape its entity needs, naming the field (`laps.count`,
/// `sequence.phases[1].label`).
public enum JSONFieldError: Error, Sendable, Hashable {
    case notAnObject
    case missingField(String)
    case badValue(String)

    /// This error, thrown by the value of member `key` (or of element `[1]`), as its enclosing
    /// object names it: a field's path is made as its error unwinds, never for a field read well.
    func within(_ key: String) -> JSONFieldError {
        switch self {
        case .notAnObject: .badValue(key)
        case .missingField(let field): .missingField(Self.path(key, field))
        case .badValue(let field): .badValue(Self.path(key, field))
        }
    }

    private static func path(_ key: String, _ field: String) -> String {
        field.utf8.first == UInt8(ascii: "[") ? key + field : key + "." + field
    }
}

/// The members of one JSON object of a state file, read by name. An error from a member's value
/// is named by the member's key (`JSONFieldError.within`), so that each enclosing object adds its
/// own key as the error passes.
struct JSONFields {
    private let object: JSONValue

    init(_ value: JSONValue) throws(JSONFieldError) {
        guard case .object = value else { throw .notAnObject }
        self.object = value
    }

    func required<T>(_ key: String, _ read: (JSONValue) throws(JSONFieldError) -> T?) throws(JSONFieldError) -> T {
        guard let value = object[key] else { throw .missingField(key) }
        return try Self.member(key, value, read)
    }

    func optional<T>(_ key: String, _ read: (JSONValue) throws(JSONFieldError) -> T?) throws(JSONFieldError) -> T? {
        guard let value = object[key], value != .null else { return nil }
        return try Self.member(key, value, read)
    }

    private static func member<T>(_ key: String, _ value: JSONValue, _ read: (JSONValue) throws(JSONFieldError) -> T?)
        throws(JSONFieldError) -> T
    {
        let result: T?
        do {
            result = try read(value)
        } catch {
            throw error.within(key)
        }
        guard let result else { throw .badValue(key) }
        return result
    }

    /// The entity read by `read` from element `index` of an array, an error named by its index.
    static func element<T>(_ index: Int, _ read: () throws(JSONFieldError) -> T) throws(JSONFieldError) -> T {
        do {
            return try read()
        } catch {
            throw error.within("[" + String(index) + "]")
        }
    }

    static func int64(_ value: JSONValue) -> Int64? {
        if case .integer(let number) = value { number } else { nil }
    }

    static func int(_ value: JSONValue) -> Int? {
        int64(value).map(Int.init)
    }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { text } else { nil }
    }

    static func bool(_ value: JSONValue) -> Bool? {
        if case .bool(let flag) = value { flag } else { nil }
    }
}
