/// One fully parsed and validated command, ready to run, whatever its type.
///
/// Two are equal when they are the same command with the same arguments, which is what the
/// parser's tests compare.
public struct Command: Sendable, Hashable {
    /// The command itself: one of `CommandCatalog.visitCommandTypes`, or the version.
    public let base: any RunnableCommand

    public init(_ base: some RunnableCommand) {
        self.base = base
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try base.run(in: context)
    }

    /// The status the command ends with when it fails with `error`.
    public func exitCode(for error: any Error) -> ExitCode {
        type(of: base).exitCode(for: error)
    }

    public static func == (left: Command, right: Command) -> Bool {
        AnyHashable(left.base) == AnyHashable(right.base)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(base))
    }
}
