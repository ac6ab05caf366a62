import StopwatchCore

extension TextOutput {
    /// Writes `stopwatch: MESSAGE` as exactly one line: control characters anywhere in it, from
    /// input quoted in it or from a path, are escaped, so no message can break a line or drive the
    /// terminal.
    func writeMessage(_ message: String) {
        write(Self.messageLine(message))
    }

    /// The line `writeMessage` writes, newline included.
    static func messageLine(_ message: String) -> String {
        "stopwatch: " + message.escapingControlCharacters + "\n"
    }
}
