import StopwatchCore

/// What a command runs with: the standard streams, what was typed, and the dependency container,
/// made when a command first asks for it.
///
/// Help, the version, the completion scripts and the manual never ask, so they never touch the
/// state directory.
public final class CommandContext {
    /// The words typed after the program name: what a message builds its suggestion from.
    public let arguments: [String]
    /// Standard output and standard error, for a command that needs no state.
    let output: any TextOutput
    let messages: any TextOutput
    private let makeContainer: () throws -> DependencyContainer
    /// The container, once a command asked for it. Held by a class: an optional of the container
    /// itself is a type the runtime makes at first use, which every command paid for.
    private var made: Made?

    private final class Made {
        let container: DependencyContainer

        init(_ container: DependencyContainer) {
            self.container = container
        }
    }

    public init(
        arguments: [String], output: any TextOutput, messages: any TextOutput,
        makeContainer: @escaping () throws -> DependencyContainer
    ) {
        self.arguments = arguments
        self.output = output
        self.messages = messages
        self.makeContainer = makeContainer
    }

    /// The dependency container, made at the first call.
    func container() throws -> DependencyContainer {
        if let made { return made.container }
        let container = try makeContainer()
        made = Made(container)
        return container
    }

    /// The line for `error`, with suggestions made from what was typed and names offered of the
    /// kind the command takes (its declared NAME).
    func describe(_ error: any Error) -> String {
        Self.describe(
            error, typed: arguments,
            with: made?.container.presentation.errors
                ?? MessageMapper(mapper: StopwatchUIMapper(zone: SystemTimeZone())))
    }

    /// Writes the line for `error` (each of a listing's failures) on standard error.
    func report(_ error: any Error) {
        for error in (error as? StopwatchListFailures)?.errors ?? [error] {
            (made?.container.presentation.messages ?? messages).writeMessage(describe(error))
        }
    }

    /// The line for `error` met by the command typed as `arguments`.
    static func describe(_ error: any Error, typed arguments: [String], with mapper: MessageMapper) -> String {
        let form = CommandLineParser.form(of: arguments)
        let takesCountdowns =
            form.flatMap {
                CommandCatalog.command(named: $0.command.rawValue)?.declaration.arguments.contains {
                    if case .countdownName = $0.kind { true } else { false }
                }
            }
            ?? false
        // `wait --edge` takes a cycle.
        let kind: MessageMapper.NameKind =
            form?.options.contains { $0.name == .edge } == true ? .cycles : takesCountdowns ? .countdowns : .all
        return mapper.message(for: error, typed: form, names: kind)
    }
}
