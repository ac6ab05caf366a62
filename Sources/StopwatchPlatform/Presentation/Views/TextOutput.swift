/// Where a view writes its text: standard output or error in the tool, a recorder in tests.
public protocol TextOutput: Sendable {
    func write(_ text: String)
    /// Writes text already made as UTF-8 bytes: a live view makes its line in bytes every 10 ms.
    func write(utf8 text: [UInt8])
}

extension TextOutput {
    public func write(utf8 text: [UInt8]) {
        write(String(decoding: text, as: UTF8.self))
    }
}
