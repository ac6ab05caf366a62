/// Something the command line asks for, ready to run: a command with its arguments built, or the
/// version.
public protocol RunnableCommand: Sendable, Hashable {
    /// Runs it; a command that returns has done what it says, and its status is what it returns.
    /// A thrown error is reported by the runner, with `exitCode(for:)`.
    func run(in context: CommandContext) throws -> ExitCode

    /// The status the command ends with when it fails with `error` (a usage error included).
    static func exitCode(for error: any Error) -> ExitCode
}

extension RunnableCommand {
    public static func exitCode(for error: any Error) -> ExitCode {
        ExitCode(for: error)
    }
}
