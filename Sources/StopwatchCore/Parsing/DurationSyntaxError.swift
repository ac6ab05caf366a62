/// Why a text is not a duration, with the text itself for a message that quotes it, and the
/// duration that was probably meant when one can be told (`5x` → `5m`, `1m30` → `1m30s`).
public struct DurationSyntaxError: Error, Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        case empty
        case zero
        case negative
        /// A unit that is not one of the unit words.
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
    /// The input as it was probably meant, for a "did you mean".
    public var suggestion: String?

    public init(_ input: String, _ reason: Reason, suggestion: String? = nil) {
        self.input = input
        self.reason = reason
        self.suggestion = suggestion
    }
}
