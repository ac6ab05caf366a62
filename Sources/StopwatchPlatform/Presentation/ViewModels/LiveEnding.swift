/// How a live view ends: its exit status, and a note for standard error after the terminal is
/// given back.
public struct LiveEnding: Sendable, Hashable {
    public var code: ExitCode
    public var note: MessageMapper.Note?

    public init(code: ExitCode, note: MessageMapper.Note? = nil) {
        self.code = code
        self.note = note
    }
}
