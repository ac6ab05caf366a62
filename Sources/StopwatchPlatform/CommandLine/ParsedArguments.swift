import StopwatchCore

/// The options and positional arguments of one command, read as its `CommandSpec` declares them,
/// before they are checked against each other.
///
/// Options may stand before or after positional arguments, as `--label TEXT`, `--label=TEXT`, or
/// for a short option `-o FILE` and `-oFILE`; `--` ends them, and every word after it is a
/// positional argument, whatever it reads as. A value outside an option's declared choices is
/// refused here, with the choices. For `run`, the command to run is everything from its first
/// word that is not an option, or everything after `--`, the words before which are then its
/// positional arguments.
struct ParsedArguments {
    let spec: CommandSpec
    /// What was typed, in typed parts: what the builder reads, and what a suggestion changes.
    var form: CommandLineForm

    var positionals: [String] { form.positionals }

    init(_ arguments: [String], for spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        form = CommandLineForm(command: spec.name)
        let takesCommand = spec.arguments.contains { if case .command = $0.kind { true } else { false } }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, argument == "--" {
                if takesCommand {
                    form.commandArguments = Array(arguments[index...])
                    return
                }
                optionsEnded = true
                form.literalFrom = form.positionals.count
                continue
            }
            if optionsEnded || !Self.isOption(argument) {
                if takesCommand, !arguments[index...].contains("--") {
                    form.commandArguments = Array(arguments[(index - 1)...])
                    return
                }
                form.positionals.append(argument)
                continue
            }
            index = try option(argument, at: index, in: arguments)
        }
    }

    /// A word that reads as an option: a leading `-`, except `-` alone and a negative number
    /// (`-5s`, for the duration parser to refuse as negative).
    static func isOption(_ argument: String) -> Bool {
        CommandLineForm.isOption(argument)
    }

    func flag(_ option: OptionName) -> Bool {
        form.has(option)
    }

    func value(_ option: OptionName) -> String? {
        form.value(of: option)
    }

    /// The value of `option` as the choice it was checked against when it was read.
    func choice<Choice: DeclaredChoice>(_ option: OptionName, as type: Choice.Type) -> Choice? {
        value(option).flatMap(Choice.init(rawValue:))
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
            guard inlineValue == nil else { throw error(.optionTakesNoValue(option.name)) }
            if !form.has(option.name) { form.options.append(.init(option.name)) }
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
            throw error(.optionNeedsValue(option.name, placeholder: value.placeholder))
        }
        if case .choices(let declared) = value.kind, case let choices = declared(),
            !choices.contains(where: { $0.value == text }),
            !(value.acceptsTemplate && StatusTemplate.isTemplate(text))
        {
            let names = choices.map(\.value)
            throw error(
                .unknownChoice(
                    text, option: option.name, placeholder: value.placeholder, choices: names,
                    closest: ClosestMatch.to(text, among: names)))
        }
        if let earlier = form.value(of: option.name) {
            guard earlier == text else { throw error(.optionGivenTwice(option.name)) }
            return next
        }
        form.options.append(.init(option.name, text))
        return next
    }

    private func unknownOption(_ spelling: String) -> UsageError {
        let known = spec.options.map(\.long) + [OptionName.help.rawValue]
        let closest = ClosestMatch.to(spelling, among: known).flatMap(OptionName.init(rawValue:))
        return error(.unknownOption(spelling, closest: closest))
    }

    func error(_ reason: UsageError.Reason) -> UsageError {
        UsageError(reason, command: spec.name)
    }
}
