/// One option of a command: a flag, or an option that takes a value.
public struct OptionSpec: Sendable {
    public let name: OptionName
    /// `-o`, for the few options that have one.
    public let short: String?
    /// What the option takes; nil for a flag.
    public let value: ValueSpec?
    public let help: String

    public init(_ name: OptionName, short: String? = nil, value: ValueSpec? = nil, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    /// `--label`.
    public var long: String { name.rawValue }

    /// `--label TEXT`, `-o, --output FILE`.
    public var label: String {
        let names = [short, long].compactMap { $0 }.joined(separator: ", ")
        return value.map { "\(names) \($0.placeholder)" } ?? names
    }

    /// `--label TEXT`, `--format human|ms|s|json`: how the usage line shows it.
    public var synopsis: String {
        guard let value else { return long }
        if case .choices(let choices) = value.kind { return "\(long) \(choices().map(\.value).joined(separator: "|"))" }
        return "\(long) \(value.placeholder)"
    }
}

/// What an option's value is: its placeholder in help, and the kind, which says how it is
/// checked (choices) and completed.
public struct ValueSpec: Sendable {
    public let placeholder: String
    public let kind: ValueKind
    /// A value with braces is a `StatusTemplate` rather than one of the choices.
    public let acceptsTemplate: Bool

    public init(_ placeholder: String, _ kind: ValueKind, acceptsTemplate: Bool = false) {
        self.placeholder = placeholder
        self.kind = kind
        self.acceptsTemplate = acceptsTemplate
    }
}

/// The kind of an option's value or a positional argument.
public enum ValueKind: Sendable {
    /// Any text.
    case text
    /// One of a fixed list of values, each with a line of help: made when asked, since a command
    /// that is parsed without the option never needs them, and the list's type costs start-up.
    case choices(@Sendable () -> [Choice])
    case duration
    /// A whole number (`--rounds 4`).
    case count
    /// A cycle's phase, `LABEL=DURATION` (`work=25m`).
    case phase
    /// `HH:MM[:SS]`.
    case timeOfDay
    /// A day (`DayWord`): completed with the words, a date typed.
    case day
    /// A path to a file.
    case file
    /// The name of a stopwatch or countdown: completed from the state directory.
    case stopwatchName
    /// The name of a stopwatch or of runs in history (`history NAME`, `report NAME`): completed
    /// from `history --format names`.
    case recordedName
    /// A run's id, or a stopwatch's name (`edit RUN`): completed from the last 30 days' runs
    /// (`history --since -30d --format ids`) and the stopwatches' names.
    case runReference
    /// The name of a countdown (`wait`): completed from the state files, which it reads.
    case countdownName
    /// The name of a saved cycle plan (`cycle --plan`): completed from `list --plans`.
    case planName
    /// A command and its arguments, as `run` takes them: completed as commands.
    case command
    /// A command of this tool (`help TOPIC`).
    case toolCommand
    /// A comma-separated list of these words (`report --by day,tags`): completed after the last comma.
    case wordList(@Sendable () -> [String])
    /// A comma-separated list of tags (`--tag`): completed from `list --tags`.
    case tagList
    /// A comma-separated list of the phase labels typed before it (`cycle --wait-before`), the
    /// pomodoro's when none was.
    case phaseLabelList

    /// One accepted value of a `.choices` kind.
    public struct Choice: Sendable {
        public let value: String
        public let help: String

        public init(_ value: String, _ help: String) {
            self.value = value
            self.help = help
        }
    }
}
