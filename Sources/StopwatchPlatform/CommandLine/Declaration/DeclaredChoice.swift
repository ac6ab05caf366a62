/// A fixed set of values an option or argument accepts, declared once as an enumeration: its cases
/// are the values help, the manual and completions list, and what the parser hands the builder.
public protocol DeclaredChoice: CaseIterable, RawRepresentable<String>, Sendable, Hashable {
    /// One line of help for this value.
    var help: String { get }
}

extension ValueKind {
    /// The values of `type`, in declaration order.
    public static func choices<Choice: DeclaredChoice>(of type: Choice.Type) -> ValueKind {
        .choices { type.allCases.map { ValueKind.Choice($0.rawValue, $0.help) } }
    }
}
