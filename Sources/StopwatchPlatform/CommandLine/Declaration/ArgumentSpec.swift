/// One positional argument of a command.
public struct ArgumentSpec: Sendable {
    /// `NAME`, `DURATION`.
    public let placeholder: String
    public let kind: ValueKind
    public let isOptional: Bool
    /// Taken one or more times (`delete NAME...`).
    public let isRepeating: Bool
    public let help: String
    /// A word that must follow it when it is given (`run`'s NAME, then `--`).
    public let followedBy: String?

    public init(
        _ placeholder: String, _ kind: ValueKind, optional: Bool = false, repeating: Bool = false,
        followedBy: String? = nil, help: String
    ) {
        self.placeholder = placeholder
        self.kind = kind
        self.isOptional = optional
        self.isRepeating = repeating
        self.followedBy = followedBy
        self.help = help
    }

    /// `NAME`, `[NAME]`, `NAME...`, `[NAME --]`.
    public var synopsis: String {
        let text = placeholder + (isRepeating ? "..." : "") + (followedBy.map { " " + $0 } ?? "")
        return isOptional ? "[\(text)]" : text
    }
}
