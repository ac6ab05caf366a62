import StopwatchCore

/// `stopwatch stamp`: copies standard input to standard output, each line prefixed with its time.
public struct StampCommand: ToolCommand {
    static let commandName = CommandName.stamp

    public var since: StampSession.Since
    public var format: StampPrefix.Format
    /// At the end, the line count and the times between lines on standard error.
    public var summary: Bool

    public init(since: StampSession.Since = .start, format: StampPrefix.Format = .human, summary: Bool = false) {
        self.since = since
        self.format = format
        self.summary = summary
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "prefix each line of input with its time",
            usage: ["[--since start|previous] [--format human|ms|s|us] [--summary]", "--format clock|iso [--summary]"],
            discussion: [
                "Copy standard input to standard output, each line prefixed with the time since the first line arrived (--since start) or since the previous line (--since previous), on the monotonic clock and exact to the microsecond, or with the wall-clock time it arrived (--format clock or iso). Bytes pass through unchanged. A closed standard output ends it quietly with 0."
            ],
            options: [
                OptionSpec(
                    .since, value: ValueSpec("WHEN", .choices(of: StampSession.Since.self)),
                    help: "what an elapsed time counts from"
                ),
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: StampPrefix.Format.self)), help: "the prefix"
                ),
                OptionSpec(
                    .summary, help: "at the end, print the line count and the times between lines to standard error"),
            ],
            examples: [
                .init("make 2>&1 | stopwatch stamp", "00:01.203117 cc -c parse.c"),
                .init("tail -f app.log | stopwatch stamp --format clock", "14:05:01.123456 a line"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        try arguments.noPositionals()
        let chosen = arguments.choice(.format, as: StampPrefix.Format.self)
        if arguments.flag(.since), let chosen, chosen.isWallClock {
            throw arguments.error(.sinceWithTimeOfDay(format: chosen.rawValue))
        }
        self.init(
            since: arguments.choice(.since, as: StampSession.Since.self) ?? .start, format: chosen ?? .human,
            summary: arguments.flag(.summary))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        return StampSession(
            since: since,
            prefix: StampPrefix(
                format: format, durations: container.presentation.mapper.durations,
                timeZone: container.services.timeZone),
            summary: summary,
            timeSource: container.services.timeSource,
            messages: container.presentation.messages
        ).run()
    }
}
