import StopwatchCore

/// `stopwatch edit [RUN] [--start WHEN|±DURATION] [--end WHEN|±DURATION] [--name NAME]
/// [--tag TAG,...] [--away keep|drop|ask] [--json]`: corrects a run, ended or in progress; or
/// `edit [RUN] --away-as NAME`: books the run's last away stretch as a run of NAME.
public struct EditCommand: ToolCommand {
    static let commandName = CommandName.edit

    public var run: RunReference
    public var start: TimeCorrectionWord?
    public var end: TimeCorrectionWord?
    public var name: StopwatchName?
    public var tags: [String]?
    /// Whether the run books the time the machine slept while it counted (`--away`).
    public var away: AwayPolicy?
    /// The name the run's last away stretch is booked under (`--away-as`).
    public var awayAs: StopwatchName?
    public var json: Bool

    public init(
        run: RunReference = .latest, start: TimeCorrectionWord? = nil, end: TimeCorrectionWord? = nil,
        name: StopwatchName? = nil, tags: [String]? = nil, away: AwayPolicy? = nil, awayAs: StopwatchName? = nil,
        json: Bool = false
    ) {
        self.run = run
        self.start = start
        self.end = end
        self.name = name
        self.tags = tags
        self.away = away
        self.awayAs = awayAs
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName,
            summary:
                "correct a run: move its start or end, rename it, retag it, book its away time or not, or elsewhere",
            usage: [
                "[RUN] [--start WHEN|+DURATION|-DURATION] [--end WHEN|+DURATION|-DURATION] [--name NAME] [--tag TAG,...] [--away POLICY] [--json]",
                "[RUN] --away-as NAME [--json]",
            ],
            discussion: [
                "Correct a run that ended, or the one a stopwatch runs now, and print it as it became. RUN is a run's id as history shows it (or its first digits, at least 4, as long as no other id begins so), or a stopwatch's name: the run it holds now, else its latest; NAME@MACHINE, of the stopwatch or runs of that name another machine keeps, in a shared state directory. Without RUN, the run in progress when one stopwatch runs, else the latest run to end.",
                "--start and --end move the run's start or end to WHEN (HH:MM, the latest time the clocks showed it; a date and a time, 2026-11-24 09:00; a day and a time, yesterday 17:30; ISO 8601), or by a duration, +10m later, -10m earlier. The time the run counted grows or shrinks by as much. On the run in progress, --end pauses its stopwatch as of then (before this boot too, estimated); on a paused one, it moves the pause.",
                "--away keep books the time nobody was at the machine while the run counted (its away time: asleep, locked or idle, which history's AWAY column shows) as the run's time; --away drop takes it out. On a run started --away ask with some of it undecided, it decides that (the run still asks about later stretches; the AWAY column shows what became of each part); else it says what the run does with away time from its start on, as 'start --away' does.",
                "--away-as NAME books the last stretch nobody was there of the run in progress (a locked screen, no input, or a sleep the away watcher heard the machine wake from) as a run of NAME, from when it began to when it ended (lunch, a meeting, a night), and takes it out of the run's away time, and out of its time where it counted: as Toggl's 'add idle time as a new entry'. Only the last stretch booked on a run in progress is kept with its bounds; a lap or a phase changed after the time it counted stands, and keeps it in the run.",
                "Refused, with nothing written: an end before the start, a time in the future, a bare time that makes the run more than 12 hours long (give its date), less than nothing left, or an overlap with another run of the same name. 'stopwatch undo' takes the correction back.",
            ],
            arguments: [
                ArgumentSpec(
                    "RUN", .runReference, optional: true,
                    help:
                        "a run's id, or a stopwatch's name, or NAME@MACHINE (default: the run in progress, else the latest)"
                )
            ],
            options: [
                OptionSpec(
                    .start, value: ValueSpec("WHEN", .timeOfDay),
                    help: "move its start to WHEN, or by +DURATION or -DURATION"),
                OptionSpec(
                    .end, value: ValueSpec("WHEN", .timeOfDay),
                    help: "move its end to WHEN, or by +DURATION or -DURATION"),
                OptionSpec(
                    .name, value: ValueSpec("NAME", .stopwatchName), help: "give it another name (a run that ended)"),
                OptionSpec(
                    .tag, value: ValueSpec("TAG,...", .text),
                    help: "give it these tags in place of its own ('' for none)"),
                OptionSpec(
                    .away, value: ValueSpec("POLICY", .choices(of: AwayPolicy.self)),
                    help:
                        "book the time nobody was there while it counted (keep), or take it out (drop); on a run that asks, what is undecided"
                ),
                OptionSpec(
                    .awayAs, value: ValueSpec("NAME", .stopwatchName),
                    help: "book the run's last away stretch (locked, idle, asleep) as a run of NAME, out of this one"),
                OptionSpec(.json, help: "print the run as JSON, as 'history --json' does"),
            ],
            examples: [
                .init("stopwatch edit --start 09:00", "the stopwatch running now began at 09:00"),
                .init("stopwatch edit build --end 17:30", "build was stopped at 17:30 (paused as of then, if it runs)"),
                .init(
                    "stopwatch edit 4f3a2b1c --end -30m --tag billable", "a run in history: 30 minutes shorter, tagged"),
                .init("stopwatch edit work --away drop", "the night the lid was shut is not work"),
                .init("stopwatch edit work --away-as lunch", "the screen locked at noon was lunch"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else { throw arguments.error(.extraName(arguments.positionals[1])) }
        let run =
            try arguments.positionals.first.map { [arguments] text throws(UsageError) in
                try arguments.runReference(text)
            } ?? .latest
        var tags: [String]?
        if let text = arguments.value(.tag) { tags = text.isEmpty ? [] : try arguments.tags() }
        let name = try arguments.value(.name).map { [arguments] text throws(UsageError) in try arguments.validName(text)
        }
        let start = try arguments.timeCorrection(.start)
        let end = try arguments.timeCorrection(.end)
        let away = arguments.choice(.away, as: AwayPolicy.self)
        if let text = arguments.value(.awayAs) {
            for other in [OptionName.start, .end, .name, .tag, .away] where arguments.value(other) != nil {
                throw arguments.error(.exclusiveOptions(.awayAs, other))
            }
            let awayAs = try arguments.validName(text)
            self.init(run: run, awayAs: awayAs, json: arguments.flag(.json))
            return
        }
        guard start != nil || end != nil || name != nil || tags != nil || away != nil else {
            throw arguments.error(.nothingToEdit)
        }
        self.init(run: run, start: start, end: end, name: name, tags: tags, away: away, json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        if let awayAs {
            try context.performOnHistory(json: json) { viewModel, _, _ in try viewModel.bookAway(of: run, as: awayAs) }
            return .success
        }
        try context.performOnHistory(json: json) { viewModel, now, zone in
            try viewModel.edit(
                run, start: start?.correction(now: now, zone: zone), end: end?.correction(now: now, zone: zone),
                name: name, tags: tags, away: away)
        }
        return .success
    }
}
