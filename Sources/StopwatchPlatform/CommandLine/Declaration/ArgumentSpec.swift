/// One positional argument of a command.
public struct ArgumentSpec: Sendable {
    /// `NAME`, `DURATION`.
    public let placeholder: String
    public let kind: ValueKind
    public let isOptional: Bool
    /// Taken one or more times (`delete NAME...`).
    public let isRepeating: Bool
    public let help: String

    public init(_ placeholder: String, _ kind: ValueKind, optional: Bool = false, repeating: Bool = false, help: String) {
        self.placeholder = placeholder
        self.kind = kind
        self.isOptional = optional
        self.isRepeating = repeating
        self.help = help
    }

    /// `NAME`, `[NAME]`, `NAME...`.
    public var synopsis: String {
        let text = placeholder + (isRepeating ? "..." : "")
        return isOptional ? "[\(text)]" : text
    }
}
