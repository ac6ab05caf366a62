/// Where a view writes its text: standard output or error in the tool, a recorder in tests.
public protocol TextOutput: Sendable {
    func write(_ text: String)
}
