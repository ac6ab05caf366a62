import Glibc

/// What the standard streams are and what the terminal on them can do, read once where the tool
/// starts: injected through the container, so a view or session is tested with a fake one.
public struct TerminalCapabilities: Sendable {
    /// Keys come from a terminal, rather than a script's lines.
    public var inputIsTerminal: Bool
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    /// The terminal moves the cursor and erases lines: false for `TERM=dumb`.
    public var movesCursor: Bool
    /// Colours allowed: `NO_COLOR` unset and `TERM` not `dumb`.
    public var colors: Bool
    /// `NO_COLOR` is set: no colour anywhere, a status bar's included (a bar runs with any `TERM`).
    public var noColor: Bool
    /// The window's rows and columns now: asked again after a resize.
    public var size: @Sendable () -> (rows: Int, columns: Int)

    public init(
        inputIsTerminal: Bool = false, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
        movesCursor: Bool = true,
        colors: Bool = false, noColor: Bool = false,
        size: @escaping @Sendable () -> (rows: Int, columns: Int) = { (24, 80) }
    ) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.movesCursor = movesCursor
        self.colors = colors
        self.noColor = noColor
        self.size = size
    }

    /// No terminal anywhere: a script's pipes.
    public static let none = TerminalCapabilities()

    /// This process's standard streams, with `TERM` and `NO_COLOR` looked up by `environment`.
    public static func live(environment: (String) -> String?) -> TerminalCapabilities {
        let dumb = environment("TERM") == "dumb"
        return TerminalCapabilities(
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            errorIsTerminal: isatty(STDERR_FILENO) == 1,
            movesCursor: !dumb,
            colors: environment("NO_COLOR") == nil && !dumb,
            noColor: environment("NO_COLOR") != nil,
            size: { (TermiosTerminal.rows(of: STDOUT_FILENO), TermiosTerminal.columns(of: STDOUT_FILENO)) }
        )
    }

    /// The width a table or line is fitted to: the window's, on a terminal; none into a pipe.
    public var outputWidth: Int? {
        outputIsTerminal ? size().columns : nil
    }
}
