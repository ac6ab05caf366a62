/// Why a text is not a duration, with the text itself, for a message that quotes it.
public struct DurationSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case empty
        case zero
        case negative
        /// A unit that is not one of d, h, m, s, ms, us.
        case unknownUnit(String)
        /// A number after a unit with no unit of its own, as in `1m30`.
        case missingUnit(String)
        /// A unit repeated or after a smaller one, as in `30s1m`.
        case unitOutOfOrder(String)
        /// More than `DurationSyntax.maximum`.
        case tooLong
        /// A `M:SS` or `H:MM:SS` part of 60 or more.
        case partOutOfRange(String)
        case malformed
    }

    public var input: String
    public var reason: Reason

    public init(_ input: String, _ reason: Reason) {
        self.input = input
        self.reason = reason
    }

    public var description: String {
        let problem =
            switch reason {
            case .empty: "it is empty"
            case .zero: "it is zero"
            case .negative: "it is negative"
            case .unknownUnit(let unit): "unknown unit \(unit.quotedForMessage) (use d, h, m, s, ms or us)"
            case .missingUnit(let number): "\(number.quotedForMessage) has no unit"
            case .unitOutOfOrder(let unit): "\(unit.quotedForMessage) is repeated or comes after a smaller unit"
            case .tooLong: "it is longer than 100 years"
            case .partOutOfRange(let part): "\(part.quotedForMessage) is not below 60"
            case .malformed: "it is not a number with units or a H:MM:SS time"
            }
        return "invalid duration \(input.quotedForMessage): \(problem); for example 90, 90s, 1m30s, 1.5h, 250ms, 1:30 or 01:02:03"
    }
}
