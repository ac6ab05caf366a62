/// One command's words as the parser read them, in typed parts: its positional arguments (and
/// which came after `--`), its options by `OptionName` in the order typed, and `run`'s command.
///
/// A suggestion is a changed copy of the form that was typed, written out by `text`: so what a
/// message tells the user to type keeps their name, their units and their options, and it works
/// when pasted.
public struct CommandLineForm: Sendable, Hashable {
    public struct Option: Sendable, Hashable {
        public var name: OptionName
        /// Nil for a flag.
        public var value: String?

        public init(_ name: OptionName, _ value: String? = nil) {
            self.name = name
            self.value = value
        }
    }

    public var command: CommandName
    public var positionals: [String] = []
    /// The index of the first positional that came after `--`: from there on, each is a name (or
    /// argument) whatever it reads as.
    public var literalFrom: Int?
    public var options: [Option] = []
    /// For `run`: the command and its arguments, verbatim.
    public var commandArguments: [String]?

    public init(
        command: CommandName, positionals: [String] = [], literalFrom: Int? = nil, options: [Option] = [],
        commandArguments: [String]? = nil
    ) {
        self.command = command
        self.positionals = positionals
        self.literalFrom = literalFrom
        self.options = options
        self.commandArguments = commandArguments
    }

    /// Whether positional `index` came after `--`.
    public func isLiteral(_ index: Int) -> Bool {
        literalFrom.map { index >= $0 } ?? false
    }

    public func has(_ option: OptionName) -> Bool {
        options.contains { $0.name == option }
    }

    public func value(of option: OptionName) -> String? {
        options.first { $0.name == option }?.value
    }

    /// This form without `option`.
    public func removing(_ option: OptionName) -> CommandLineForm {
        var form = self
        form.options.removeAll { $0.name == option }
        return form
    }

    /// This form with `option` set to `value` (nil for a flag), in place of any it had.
    public func setting(_ option: OptionName, _ value: String? = nil) -> CommandLineForm {
        var form = removing(option)
        form.options.append(Option(option, value))
        return form
    }

    /// This form with `positionals` instead, none of them after `--` unless `literalFrom` says.
    public func with(positionals: [String], literalFrom: Int? = nil) -> CommandLineForm {
        var form = self
        form.positionals = positionals
        form.literalFrom = literalFrom
        return form
    }

    /// The words after the program name. Positionals come first, then options, then `--` and the
    /// positionals that must follow it: those typed after it, and any that would read as an option.
    public var words: [String] {
        let split = positionals.indices.first { isLiteral($0) || Self.isOption(positionals[$0]) } ?? positionals.count
        var words = [command.rawValue] + positionals[..<split]
        for option in options {
            guard let value = option.value else {
                words.append(option.name.rawValue)
                continue
            }
            // `--add=-2m`: a value that starts with '-' stays attached, so it cannot read as an option.
            words += value.hasPrefix("-") ? [option.name.rawValue + "=" + value] : [option.name.rawValue, value]
        }
        if split < positionals.count || commandArguments != nil && !positionals.isEmpty {
            words.append("--")
        }
        words += positionals[split...]
        words += commandArguments ?? []
        return words
    }

    /// Whether a word reads as an option: `-x` or `--x`, but not `-5s` or `-.5`, which are values
    /// (`--add -5s`). The one rule, for the parser and for a suggestion's words alike.
    public static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let second = argument.dropFirst().first!
        return !(second.isASCII && (second.isNumber || second == "."))
    }

    /// `stopwatch timer 5min tea --force`: the command line to paste, quoted as a shell needs.
    public var text: String {
        "stopwatch " + ShellWords.line(words)
    }
}
