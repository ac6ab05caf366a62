/// A JSON value: what the state files hold and every JSON document prints.
///
/// The tool reads and writes its JSON itself (`JSONReader`, `JSONWriter`) rather than through
/// `Codable`: a state file's fields are then checked one by one, each error naming its field, and
/// nothing at start-up pays for the runtime's generic and conformance lookups that `JSONDecoder`
/// makes. An object keeps its members in order, as a list: the objects here are small.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number that is an integer in the range of `Int64`, written without fraction or exponent.
    case integer(Int64)
    /// Any other number, as written: a fraction, an exponent, or too large for `Int64`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue

        init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of member `key` of an object; nil for another kind of value or a missing member.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// `value`, or `null` when it is nil.
    static func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue {
        value.map(wrap) ?? .null
    }
}
