extension DBusReader {
    /// A variant's value, as far as a reader here needs it: a boolean, an unsigned 64-bit number,
    /// a string or object path; any other type is read past (`other`).
    enum Scalar: Equatable {
        case bool(Bool)
        case uint64(UInt64)
        case string(String)
        case other
    }

    /// A `t`.
    mutating func uint64() -> UInt64? {
        align(8)
        guard position + 8 <= bytes.count else { return nil }
        defer { position += 8 }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[position + $1]) << (8 * $1) }
    }

    /// A `v`: its signature, then its value.
    mutating func variant() -> Scalar? {
        guard let signature = signature() else { return nil }
        switch signature {
        case "b": return uint32().map { .bool($0 != 0) }
        case "t": return uint64().map { .uint64($0) }
        case "s", "o": return string().map { .string($0) }
        default:
            let types = Array(signature.utf8)
            var index = 0
            guard skip(types, at: &index), index == types.count else { return nil }
            return .other
        }
    }

    /// An `a{sv}`, as properties are told (`GetAll`, `PropertiesChanged`); nil when it does not
    /// parse.
    mutating func properties() -> [String: Scalar]? {
        guard let length = uint32() else { return nil }
        align(8)
        let end = position + Int(length)
        guard end <= bytes.count else { return nil }
        var properties: [String: Scalar] = [:]
        while position < end {
            align(8)
            guard let name = string(), let value = variant() else { return nil }
            properties[name] = value
        }
        return properties
    }

    /// Reads past one value of the single complete type that begins at `types[index]`, and moves
    /// `index` past that type; false when either does not parse.
    private mutating func skip(_ types: [UInt8], at index: inout Int) -> Bool {
        guard index < types.count else { return false }
        let code = types[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"): return byte() != nil
        case UInt8(ascii: "n"), UInt8(ascii: "q"): return fixed(2)
        case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "h"): return fixed(4)
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"): return fixed(8)
        case UInt8(ascii: "s"), UInt8(ascii: "o"): return string() != nil
        case UInt8(ascii: "g"): return signature() != nil
        case UInt8(ascii: "v"): return variant() != nil
        case UInt8(ascii: "a"):
            guard index < types.count, let length = uint32() else { return false }
            align(Self.alignment(of: types[index]))
            // Only the element type's end is wanted here: its values are passed over by length.
            guard Self.typeEnd(types, at: &index) else { return false }
            guard position + Int(length) <= bytes.count else { return false }
            position += Int(length)
            return true
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            let close = code == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            align(8)
            while index < types.count, types[index] != close {
                guard skip(types, at: &index) else { return false }
            }
            guard index < types.count else { return false }
            index += 1
            return true
        default: return false
        }
    }

    /// Moves `index` past the single complete type that begins there, reading nothing.
    private static func typeEnd(_ types: [UInt8], at index: inout Int) -> Bool {
        guard index < types.count else { return false }
        let code = types[index]
        index += 1
        switch code {
        case UInt8(ascii: "a"): return typeEnd(types, at: &index)
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            let close = code == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            while index < types.count, types[index] != close {
                guard typeEnd(types, at: &index) else { return false }
            }
            guard index < types.count else { return false }
            index += 1
            return true
        default: return true
        }
    }

    /// Reads past a fixed-size value of `size` bytes, aligned to its size.
    private mutating func fixed(_ size: Int) -> Bool {
        align(size)
        guard position + size <= bytes.count else { return false }
        position += size
        return true
    }

    /// The boundary a value of the type beginning with `code` is aligned to.
    private static func alignment(of code: UInt8) -> Int {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "v"): 1
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 4
        }
    }
}
