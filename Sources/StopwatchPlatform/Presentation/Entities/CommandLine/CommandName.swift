/// A command's name as typed (`start`, `timer`).
///
/// Any word can be held; which words are commands is `CommandCatalog`'s list of command types,
/// where a new command is added in one line. The names a message writes are named here, so a
/// message can build a command line to paste without knowing the command-line layer.
public struct CommandName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }

    // The commands messages name.
    public static let start: CommandName = "start"
    public static let status: CommandName = "status"
    public static let list: CommandName = "list"
    public static let delete: CommandName = "delete"
    public static let history: CommandName = "history"
    public static let report: CommandName = "report"
    public static let track: CommandName = "track"
    public static let timer: CommandName = "timer"
    public static let wait: CommandName = "wait"
    public static let run: CommandName = "run"
    public static let help: CommandName = "help"
    public static let stamp: CommandName = "stamp"
    public static let reset: CommandName = "reset"
    public static let resume: CommandName = "resume"
    public static let edit: CommandName = "edit"
    public static let pause: CommandName = "pause"
    public static let laps: CommandName = "laps"
    public static let remove: CommandName = "remove"
    public static let split: CommandName = "split"
    public static let join: CommandName = "join"
    public static let undo: CommandName = "undo"
    public static let redo: CommandName = "redo"
    public static let `import`: CommandName = "import"
}
