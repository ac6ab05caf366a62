import StopwatchCore

/// A `--format` template: text with fields in braces, `{name} {left_s}`, each field filled from
/// the stopwatch's view state by `StopwatchLineComposer.field(_:of:)`; `{{` and `}}` stand for
/// braces.
public struct StatusTemplate: Sendable, Hashable {
    /// The fields a template may name: a stopwatch's own, and the ones of today's total that
    /// `today` gives (`TodayTemplate.Field.inStatus`), which `status` fills from today's reading,
    /// once, when it runs.
    public enum Field: Sendable, Hashable, CaseIterable, RawRepresentable {
        case stopwatch(StopwatchField)
        case today(TodayTemplate.Field)

        public static let allCases: [Field] =
            StopwatchField.allCases.map(Field.stopwatch) + TodayTemplate.Field.inStatus.map(Field.today)

        public init?(rawValue: String) {
            if let own = StopwatchField(rawValue: rawValue) {
                self = .stopwatch(own)
            } else if let today = TodayTemplate.Field(rawValue: rawValue), TodayTemplate.Field.inStatus.contains(today)
            {
                self = .today(today)
            } else {
                return nil
            }
        }

        public var rawValue: String {
            switch self {
            case .stopwatch(let field): field.rawValue
            case .today(let field): field.rawValue
            }
        }

        /// Whether it is one of today's fields, which `status` fills from `today`'s reading.
        var isToday: Bool {
            if case .today = self { true } else { false }
        }

        /// One line of help for the field, as help and the manual list them.
        public var help: String {
            switch self {
            case .stopwatch(let field): field.help
            case .today(let field): field.help
            }
        }
    }

    let template: FieldTemplate<Field>
    /// The template as typed.
    public let text: String

    private init(template: FieldTemplate<Field>, typed: String) {
        self.template = template
        text = typed
    }

    /// True for a `--format` value that is meant as a template rather than a format's name.
    public static func isTemplate(_ text: String) -> Bool {
        text.contains("{") || text.contains("}")
    }

    public init(parsing text: String) throws(TemplateProblem) {
        template = try FieldTemplate(parsing: text)
        // As typed: the grammar reads each text one way only, so writing it out gives it back.
        self.text = text
    }

    /// Whether it names any of today's fields (`Field.isToday`).
    public var namesToday: Bool { template.fields.contains(where: \.isToday) }

    /// The template with today's fields filled from `today`, each now text.
    public func filling(_ today: TodayViewState) -> StatusTemplate {
        StatusTemplate(
            template: FieldTemplate(
                segments: template.segments.map { segment in
                    guard case .field(.today(let field)) = segment else { return segment }
                    return .text(TodayTemplate.value(field, of: today))
                }
            ),
            typed: text
        )
    }

    /// How `--follow` follows the template: by the finest time among its fields.
    public var followClock: FollowClock {
        let fields = template.fields
        let step: Duration? =
            if fields.contains(where: {
                [.stopwatch(.time), .stopwatch(.left), .stopwatch(.over), .stopwatch(.phaseLeft)].contains($0)
            }) {
                .milliseconds(10)
            } else if fields.contains(where: {
                [
                    .stopwatch(.timeSeconds), .stopwatch(.leftSeconds), .stopwatch(.overSeconds), .stopwatch(.percent),
                    .stopwatch(.text), .stopwatch(.phaseLeftSeconds), .stopwatch(.phasePercent),
                ]
                .contains($0)
            }) {
                .seconds(1)
            } else {
                nil
            }
        return FollowClock(
            step: step,
            showsElapsedWhenExpired: fields.contains(.stopwatch(.time)) || fields.contains(.stopwatch(.timeSeconds)))
    }

    /// The template filled in for `state`.
    public func text(for state: StopwatchViewState, more: Int = 0) -> String {
        template.text { field in
            switch field {
            case .stopwatch(.more): StopwatchLineComposer.more(more)
            case .stopwatch(let field): StopwatchLineComposer.field(field, of: state)
            // Filled from `today`'s reading before a template is shown (`filling`).
            case .today: ""
            }
        }
    }
}
