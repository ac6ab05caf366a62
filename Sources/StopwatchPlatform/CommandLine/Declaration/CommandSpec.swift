/// One command as the command line declares it: its name, what it takes, and what its help says.
///
/// `CommandCatalog` holds one for every command, and everything about the command line is made
/// from them: the parser's options, the help screens, the manual page and the completion
/// scripts, so none can drift from the others.
public struct CommandSpec: Sendable {
    public let name: CommandName
    /// One line for the list of commands.
    public let summary: String
    /// Usage lines after `stopwatch NAME`, when the one made from the arguments and options will not do.
    public let usage: [String]?
    /// Paragraphs of the help text; each is one line here and wrapped when shown. Made when
    /// asked: parsing a command, which every run does, never needs them (`status`'s lists every
    /// template field, which cost a prompt a fifth of its start-up).
    public var discussion: [String] { makeDiscussion() }
    private let makeDiscussion: @Sendable () -> [String]
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let examples: [Example]

    public init(
        _ name: CommandName,
        summary: String,
        usage: [String]? = nil,
        discussion: @autoclosure @escaping @Sendable () -> [String],
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        examples: [Example]
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.makeDiscussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// The option spelled `spelling` (`--label`, `-o`), if this command takes it.
    public func option(_ spelling: String) -> OptionSpec? {
        options.first { $0.long == spelling || $0.short == spelling }
    }

    /// The usage lines: the declared ones, or `[NAME] [--label TEXT] [--json]` made from the
    /// arguments and options.
    public var usageLines: [String] {
        if let usage { return usage }
        let arguments = arguments.map(\.synopsis)
        let options = options.map { "[\($0.synopsis)]" }
        return [(arguments + options).joined(separator: " ")]
    }

    /// A command line that shows how the command is used, and what it does.
    public struct Example: Sendable {
        public let commandLine: String
        public let explanation: String

        public init(_ commandLine: String, _ explanation: String) {
            self.commandLine = commandLine
            self.explanation = explanation
        }
    }
}
