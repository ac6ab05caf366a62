import StopwatchCore

/// A `--format` template's grammar, whatever its fields: text with fields in braces, `{name}`,
/// each one of `Field`'s words; `{{` and `}}` stand for braces. `status` and `today` each have
/// their fields (`StatusTemplate`, `TodayTemplate`).
public struct FieldTemplate<Field: RawRepresentable & CaseIterable & Hashable & Sendable>: Sendable, Hashable
where Field.RawValue == String {
    public enum Segment: Sendable, Hashable {
        case text(String)
        case field(Field)
    }

    public let segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments
    }

    public init(parsing text: String) throws(TemplateProblem) {
        var segments: [Segment] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            rest = rest.dropFirst()
            switch first {
            case "{" where rest.first == "{", "}" where rest.first == "}":
                literal.append(first)
                rest = rest.dropFirst()
            case "{":
                guard let close = rest.firstIndex(of: "}") else { throw .unmatchedBrace }
                let name = String(rest[..<close])
                let words = Field.allCases.map(\.rawValue)
                guard let field = Field(rawValue: name) else {
                    throw .unknownField(name, closest: ClosestMatch.to(name, among: words), fields: words)
                }
                if !literal.isEmpty { segments.append(.text(literal)) }
                literal = ""
                segments.append(.field(field))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw .unmatchedBrace
            default:
                literal.append(first)
            }
        }
        if !literal.isEmpty { segments.append(.text(literal)) }
        self.segments = segments
    }

    /// The fields it names, in order.
    public var fields: [Field] {
        segments.compactMap { segment in
            if case .field(let field) = segment { return field }
            return nil
        }
    }

    /// The template written out, as it would be typed.
    public var text: String {
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let literal)
            where literal.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }):
                for character in literal {
                    if character == "{" || character == "}" { text.append(character) }
                    text.append(character)
                }
            case .text(let literal): text += literal
            case .field(let field): text += "{" + field.rawValue + "}"
            }
        }
        return text
    }

    /// The template with each field filled by `value`: a loop, not the standard library's generic
    /// `joined()`, whose first use asks the runtime for its associated types, which a prompt's
    /// `status` felt.
    public func text(_ value: (Field) -> String) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let literal): text += literal
            case .field(let field): text += value(field)
            }
        }
        return text
    }
}

/// Why a text is not a template.
public enum TemplateProblem: Error, Sendable, Hashable {
    /// A field no template of its kind has, the closest there is, and every one there is.
    case unknownField(String, closest: String?, fields: [String])
    /// A `{` with no `}` after it, or a `}` alone.
    case unmatchedBrace
}
