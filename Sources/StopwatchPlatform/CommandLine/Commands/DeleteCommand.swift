import StopwatchCore

/// `stopwatch delete NAME...`: deletes stopwatches and their laps, all or none; `--expired`, every
/// expired countdown; `--force`, the files of ones that cannot be read.
public struct DeleteCommand: ToolCommand {
    static let commandName = CommandName.delete

    public var deletion: Deletion

    /// What `delete` removes.
    public enum Deletion: Sendable, Hashable {
        /// These stopwatches: what each name means here, or for a name given as NAME@MACHINE, the
        /// one that machine keeps.
        case names([StopwatchName], on: [StopwatchName: String] = [:])
        /// Every countdown that has expired.
        case expired
        /// The files of these stopwatches, whatever they hold.
        case files([StopwatchName])
    }

    public init(_ deletion: Deletion) {
        self.deletion = deletion
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "delete stopwatches and their laps",
            usage: ["NAME[@MACHINE]...", "--expired", "--force NAME..."],
            discussion: [
                "Delete stopwatches or countdowns and their laps: all of them, or none if one does not exist (exit 66) or cannot be read (exit 65). It prints nothing, except with --expired, which says on standard error which it deleted (or that none had expired).",
                "In a state directory shared between machines, NAME@MACHINE is the stopwatch MACHINE keeps under NAME, as 'list' shows it (work @desktop): deleting it takes it off every machine, its run kept in history, where NAME alone would mean this machine's own.",
            ],
            arguments: [
                ArgumentSpec("NAME", .stopwatchName, optional: true, repeating: true, help: "the stopwatches to delete")
            ],
            options: [
                OptionSpec(.expired, help: "delete every countdown that has expired (but another machine's)"),
                OptionSpec(
                    .force,
                    help: "delete the files of a stopwatch that cannot be read; a symlink is removed, never followed"),
            ],
            examples: [
                .init("stopwatch delete build test", "delete two stopwatches"),
                .init("stopwatch delete --expired", "clear away finished countdowns"),
                .init("stopwatch delete work@desktop", "take desktop's work off every machine"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let force = arguments.flag(.force)
        var names: [StopwatchName] = []
        var machines: [StopwatchName: String] = [:]
        for text in arguments.positionals {
            // NAME@MACHINE: another machine's, as `list` shows it; files are this machine's.
            guard !force, let named = StopwatchName.onMachine(text) else {
                names.append(try arguments.validName(text))
                continue
            }
            names.append(named.name)
            if let machine = named.machine { machines[named.name] = machine }
        }
        switch (arguments.flag(.expired), force) {
        case (true, true): throw arguments.error(.exclusiveOptions(.expired, .force))
        case (true, false):
            guard names.isEmpty else { throw arguments.error(.expiredTakesNoNames) }
            self.init(.expired)
        case (false, let force):
            guard !names.isEmpty else { throw arguments.error(.deleteNeedsNames) }
            self.init(force ? .files(names) : .names(names, on: machines))
        }
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        switch deletion {
        case .names(let names, let machines): try context.perform(.delete(names, on: machines), showing: nil)
        case .expired: try context.perform(.deleteExpired, showing: .deleted)
        case .files(let names): try context.perform(.deleteFiles(names), showing: nil)
        }
        return .success
    }
}
