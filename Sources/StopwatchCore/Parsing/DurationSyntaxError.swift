/// Why a text is not a duration, with the text itself for a message that quotes it, and the
/// duration that was probably meant when one can be told (`5x` → `5m`, `1m30` → `1m30s`).
public struct DurationSyntaxError: Error, Sendable, Hashable {
    /// What is wrong with it.
    public enum Reason: Sendable, Hashable {
        /// Nothing was given.
        case empty
        /// Zero, where a duration must be longer.
        case zero
        /// Below zero.
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
        /// Not a duration in any form the syntax has.
        case malformed
    }

    /// The text as given.
    public var input: String
    /// Why it is not a duration.
    public var reason: Reason
    /// The input as it was probably meant, for a "did you mean".
    public var suggestion: String?

    /// `input` refused for `reason`, with what was probably meant, if anything.
    public init(_ input: String, _ reason: Reason, suggestion: String? = nil) {
        self.input = input
        self.reason = reason
        self.suggestion = suggestion
    }
}
