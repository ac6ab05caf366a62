import StopwatchCore

/// A command that changes one stopwatch by one action and prints it, as a line or with `--json`
/// as JSON: `start`, `restart`, `pause`, `resume`, `reset`. A conforming command declares its name,
/// its help and its action; building and running are these.
///
/// Each is a struct of its own, in its own file with its declaration (one command, one file, as
/// scripts/check-layers.sh holds them): what they share, building and running, is here.
protocol StopwatchChangeCommand: ToolCommand {
    /// What it asks of the stopwatch.
    static var action: StopwatchAction { get }
    var name: StopwatchName { get }
    var json: Bool { get }
    init(name: StopwatchName, json: Bool)
}

extension StopwatchChangeCommand {
    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(), json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(Self.action, on: name, showing: json ? .json : .line)
        return .success
    }
}
