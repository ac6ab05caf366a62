/// Why a text cannot label a lap: the rule of `Lap.problem(withLabel:)`, as a fact the Platform
/// puts into words.
public enum LabelProblem: Sendable, Hashable {
    /// An empty label (no label at all is nil, not this).
    case empty
    /// Longer than `Lap.maximumLabelLength` characters.
    case tooLong
    /// A control character (`Unicode.Scalar.isControlCharacter`), such as a newline, tab or escape.
    case controlCharacter
}
