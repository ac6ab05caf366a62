/// What `CommandCatalog.visitCommandTypes` shows each command type to, in turn.
///
/// Generic over the type, so that a visit reads what it needs of each (its name) directly: a
/// command type made `any ToolCommand.Type` costs the runtime its conformance's witness table at
/// its first use (its base protocols' are the standard library's, laid out only at run time),
/// and a command that runs needs that of one type, not of every type listed before it.
protocol CommandTypeVisitor {
    /// Sees `type`; returns true to stop there.
    mutating func visit<Command: ToolCommand>(_ type: Command.Type) -> Bool
}
