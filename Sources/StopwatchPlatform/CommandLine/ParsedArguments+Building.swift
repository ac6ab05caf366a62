import StopwatchCore

/// What every command's builder reads its parsed arguments with.
extension ParsedArguments {
    /// Refuses any positional argument.
    func noPositionals() throws(UsageError) {
        guard let extra = positionals.first else { return }
        throw error(.unexpectedArgument(extra))
    }

    /// The one NAME argument, or `defaultName` when none was typed.
    func name(default defaultName: StopwatchName = .default) throws(UsageError) -> StopwatchName {
        guard positionals.count <= 1 else { throw error(.extraName(positionals[1])) }
        return try positionals.first.map(validName) ?? defaultName
    }

    /// NAME, or NAME@MACHINE for the stopwatch the machine called MACHINE keeps under NAME (as
    /// `list` shows it, `work @desktop`): `status` and `laps` read another machine's stopwatch of
    /// a name this machine has too (`StopwatchName.onMachine`).
    func nameOnMachine(default defaultName: StopwatchName = .default) throws(UsageError) -> (
        name: StopwatchName, machine: String?
    ) {
        guard positionals.count <= 1 else { throw error(.extraName(positionals[1])) }
        guard let text = positionals.first else { return (defaultName, nil) }
        guard let named = StopwatchName.onMachine(text) else { throw error(.invalidName(text)) }
        return named
    }

    func validName(_ text: String) throws(UsageError) -> StopwatchName {
        guard let name = StopwatchName(text) else { throw error(.invalidName(text)) }
        return name
    }

    /// `text` as a saved plan's name (`--save`, `--plan`), which follows a stopwatch's rule.
    func validPlanName(_ text: String) throws(UsageError) -> StopwatchName {
        guard let name = StopwatchName(text) else { throw error(.invalidPlanName(text)) }
        return name
    }

    /// `--label TEXT`, checked as a lap's label.
    func label() throws(UsageError) -> String? {
        guard let label = value(.label) else { return nil }
        if let problem = Lap.problem(withLabel: label) { throw error(.invalidLabel(problem: problem)) }
        return label
    }

    /// `--format` as `type`, with `--json` as the same thing as `json`, never two different formats.
    func format<Choice: DeclaredChoice>(_ type: Choice.Type, json: Choice) throws(UsageError) -> Choice? {
        let chosen = choice(.format, as: type)
        guard flag(.json) else { return chosen }
        if let chosen, chosen != json { throw error(.conflictingFormats("'--json'", "'--format \(chosen.rawValue)'")) }
        return json
    }

    /// `--format` as `type`, with each of `aliases` (`--json`, `--csv`) as the same thing as its
    /// value: never two different formats.
    func format<Choice: DeclaredChoice>(_ type: Choice.Type, aliases: [(OptionName, Choice)], default fallback: Choice)
        throws(UsageError) -> Choice
    {
        let given = aliases.filter { flag($0.0) }
        if given.count >= 2 { throw error(.conflictingFormats("'\(given[0].0.rawValue)'", "'\(given[1].0.rawValue)'")) }
        let chosen = choice(.format, as: type)
        guard let (alias, format) = given.first else { return chosen ?? fallback }
        if let chosen, chosen != format {
            throw error(.conflictingFormats("'\(alias.rawValue)'", "'--format \(chosen.rawValue)'"))
        }
        return format
    }

    /// `--ago DURATION` or `--at WHEN`: when a change happened, told after the fact.
    func backdate() throws(UsageError) -> BackdateWord? {
        switch (value(.ago), value(.at)) {
        case (nil, nil): return nil
        case (_?, _?): throw error(.agoAndAt)
        case (let ago?, nil):
            do {
                return .ago(try DurationSyntax.parse(ago))
            } catch {
                throw self.error(.invalidDuration(error))
            }
        case (nil, let at?):
            return .at(try when(at, for: .at))
        }
    }

    /// `text` as a moment (`WhenWord`) for `option` (a positional when nil).
    func when(_ text: String, for option: OptionName?) throws(UsageError) -> WhenWord {
        guard let when = WhenWord(text) else { throw error(.invalidTime(option, text)) }
        return when
    }

    /// `text` as a run a command names: an id's first digits, or a stopwatch's name.
    func runReference(_ text: String) throws(UsageError) -> RunReference {
        guard let reference = RunReference(text) else { throw error(.invalidRun(text)) }
        return reference
    }

    /// `option` (`--start`, `--end`) as a moment or a signed duration, if it was given.
    func timeCorrection(_ option: OptionName) throws(UsageError) -> TimeCorrectionWord? {
        guard let text = value(option) else { return nil }
        guard let correction = TimeCorrectionWord(text) else { throw error(.invalidTime(option, text)) }
        return correction
    }

    /// `--tag TAG[,TAG...]`, each by the rule of `Tag`.
    func tags() throws(UsageError) -> [String] {
        guard let text = value(.tag) else { return [] }
        let tags = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let bad = tags.first(where: { !Tag.isValid($0) }) { throw error(.invalidTag(bad)) }
        guard tags.count <= Tag.maximumCount else {
            throw error(.tooManyTags(tags.count))
        }
        return Tag.normalized(tags)
    }

    /// A whole number from 1 to `maximum`, if `option` was given.
    func count(_ option: OptionName, maximum: Int) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let count = Int(text), (1...maximum).contains(count) else {
            throw error(.invalidCount(option, text, maximum: maximum))
        }
        return count
    }

    /// `--since DAY` and `--until DAY`.
    func dayRange() throws(UsageError) -> DayRange {
        func day(_ option: OptionName) throws(UsageError) -> DayRange.Bound? {
            guard let text = value(option) else { return nil }
            guard let bound = DayRange.Bound(text) else {
                // `7d` for `-7d`: days back, the minus left out.
                let meant =
                    DayRange.Bound("-" + text) != nil && text.first?.isNumber == true
                    ? form.setting(option, "-" + text) : nil
                throw error(.invalidDay(option, text, meant: meant))
            }
            return bound
        }
        return DayRange(since: try day(.since), until: try day(.until), typed: form)
    }

    /// Every positional argument, each a valid name.
    func names() throws(UsageError) -> [StopwatchName] {
        try positionals.map { [self] text throws(UsageError) in try validName(text) }
    }

    /// A `--format` template, or the usage error that says what is wrong with it.
    /// A `--format` template; with `today`, its fields of today's total may stand in it
    /// (`status` fills them once), else they are refused.
    func template(_ text: String, today: Bool = false) throws(UsageError) -> StatusTemplate {
        let template: StatusTemplate
        do {
            template = try StatusTemplate(parsing: text)
        } catch {
            throw self.error(.invalidTemplate(text, error))
        }
        if !today, let field = template.template.fields.first(where: \.isToday) {
            throw self.error(.todayFieldElsewhere(field.rawValue))
        }
        return template
    }
}
