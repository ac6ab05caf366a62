import StopwatchCore

/// The options and positional arguments of one command, read as its `CommandSpec` declares them,
/// before they are checked against each other.
///
/// Options may stand before or after positional arguments, as `--label TEXT`, `--label=TEXT`, or
/// for a short option `-o FILE` and `-oFILE`; `--` ends them. A value outside an option's declared
/// choices is refused here, with the choices. For `run`, the command to run is everything from
/// its first word that is not an option, or everything after `--`, the words before which are
/// then its positional arguments.
struct ParsedArguments {
    let spec: CommandSpec
    var positionals: [String] = []
    /// Option values by long name.
    var values = OptionValues()
    /// Flags given, by long name.
    var flags: [String] = []
    /// For `run`: the command and its arguments, verbatim.
    var commandArguments: [String]?

    init(_ arguments: [String], for spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        let takesCommand = spec.arguments.contains { if case .command = $0.kind { true } else { false } }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, argument == "--" {
                if takesCommand {
                    commandArguments = Array(arguments[index...])
                    return
                }
                optionsEnded = true
                continue
            }
            if optionsEnded || !Self.isOption(argument) {
                if takesCommand, !arguments[index...].contains("--") {
                    commandArguments = Array(arguments[(index - 1)...])
                    return
                }
                positionals.append(argument)
                continue
            }
            index = try option(argument, at: index, in: arguments)
        }
    }

    /// A word that reads as an option: a leading `-`, except `-` alone and a negative number
    /// (`-5s`, for the duration parser to refuse as negative).
    static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let second = argument.dropFirst().first!
        return !(second.isASCII && (second.isNumber || second == "."))
    }

    /// Reads the option `argument` (and its value, which may be the next word); returns the index
    /// of the word after what it used.
    private mutating func option(_ argument: String, at index: Int, in arguments: [String]) throws(UsageError) -> Int {
        var (spelling, inlineValue) = (argument, String?.none)
        if argument.hasPrefix("--") {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            spelling = String(parts[0])
            inlineValue = parts.count == 2 ? String(parts[1]) : nil
        } else if argument.count > 2 {
            // `-oFILE`: a short option with its value attached.
            spelling = String(argument.prefix(2))
            inlineValue = String(argument.dropFirst(2))
        }
        guard let option = spec.option(spelling) else { throw unknownOption(spelling) }
        guard let value = option.value else {
            guard inlineValue == nil else { throw error("option \(option.long.quotedForMessage) takes no value") }
            if !flags.contains(option.long) { flags.append(option.long) }
            return index
        }
        var next = index
        let text: String
        if let inlineValue {
            text = inlineValue
        } else if next < arguments.count {
            text = arguments[next]
            next += 1
        } else {
            throw error("option \(option.long.quotedForMessage) needs a value (\(value.placeholder))")
        }
        if case .choices(let choices) = value.kind, !choices.contains(where: { $0.value == text }) {
            let names = choices.map(\.value)
            let close = ClosestMatch.to(text, among: names)
            let hint = close.map { "; did you mean \($0.quotedForMessage)?" } ?? "; use \(Self.list(names))"
            throw error("unknown \(value.placeholder.lowercased()) \(text.quotedForMessage) for \(option.long.quotedForMessage)\(hint)", pointsToHelp: close == nil)
        }
        if let earlier = values[option.long], earlier != text {
            throw error("option \(option.long.quotedForMessage) is given twice")
        }
        values[option.long] = text
        return next
    }

    private func unknownOption(_ spelling: String) -> UsageError {
        let known = spec.options.map(\.long) + ["--help"]
        if let close = ClosestMatch.to(spelling, among: known) {
            return error("unknown option \(spelling.quotedForMessage) for '\(spec.name.rawValue)'; did you mean \(close.quotedForMessage)?", pointsToHelp: false)
        }
        return error("unknown option \(spelling.quotedForMessage) for '\(spec.name.rawValue)'")
    }

    /// `a, b or c`.
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    func error(_ message: String, pointsToHelp: Bool = true) -> UsageError {
        UsageError(message, command: spec.name, pointsToHelp: pointsToHelp)
    }
}

/// Option values by long name: a short list rather than a dictionary, whose hashing a command
/// would pay for at start-up for the two or three options it has.
struct OptionValues {
    private var pairs: [(option: String, value: String)] = []

    subscript(option: String) -> String? {
        get { pairs.first { $0.option == option }?.value }
        set {
            pairs.removeAll { $0.option == option }
            if let newValue { pairs.append((option, newValue)) }
        }
    }
}
