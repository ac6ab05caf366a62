extension TerminalCapabilities {
    /// How a live view draws: in place on a terminal that moves the cursor, else one plain line
    /// per event, as into a pipe.
    public var liveMode: TerminalView.Mode {
        outputIsTerminal && movesCursor ? .terminal(colors: colors) : .log
    }
}
