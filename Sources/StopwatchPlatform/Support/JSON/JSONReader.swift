/// Reads JSON text (RFC 8259) into a `JSONValue`: strictly, with a limit on nesting so that hostile
/// input cannot exhaust the stack.
struct JSONReader {
    /// Why a text is not JSON, and where: for tests and debugging; a person reads only that a
    /// file is not JSON (`StoreFailure.Reason`, worded by `MessageMapper`).
    struct Failure: Error, Equatable {
        var problem: Problem
        var offset: Int
    }

    enum Problem: Equatable {
        case textAfterValue, nestedTooDeeply, unexpectedEnd, unexpectedCharacter, expectedMemberName, expectedColon,
            expectedCommaOrBrace,
            expectedCommaOrBracket, unterminatedString, invalidUTF8, controlCharacterInString, loneSurrogate,
            unknownEscape, badUnicodeEscape,
            badNumber
    }

    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value that `bytes` hold, with nothing but white space around it.
    static func read(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipWhiteSpace()
        let value = try reader.value(depth: 0)
        reader.skipWhiteSpace()
        guard reader.index == bytes.count else { throw reader.failure(.textAfterValue) }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure(.nestedTooDeeply) }
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure(.unexpectedCharacter)
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [JSONValue.Member] = []
        skipWhiteSpace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard peek(UInt8(ascii: "\"")) else { throw failure(.expectedMemberName) }
            let key = try string()
            skipWhiteSpace()
            guard peek(UInt8(ascii: ":")) else { throw failure(.expectedColon) }
            index += 1
            skipWhiteSpace()
            members.append(JSONValue.Member(key, try value(depth: depth + 1)))
            skipWhiteSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw failure(.expectedCommaOrBrace) }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhiteSpace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhiteSpace()
            elements.append(try value(depth: depth + 1))
            skipWhiteSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw failure(.expectedCommaOrBracket) }
            index += 1
            return .array(elements)
        }
    }

    /// A string: runs of plain UTF-8 between escapes, each validated and taken whole.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var text = ""
        var runStart = index
        var isASCII = true
        while true {
            guard index < bytes.count else { throw failure(.unterminatedString) }
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else {
                isASCII = isASCII && byte < 0x80
                index += 1
                continue
            }
            if runStart < index {
                // ASCII needs no validation: the state files' keys and values almost always are,
                // and decoding them directly costs a fraction of validating (a listing reads
                // hundreds).
                let run: String
                if isASCII {
                    run = bytes.withUnsafeBufferPointer {
                        String(decoding: UnsafeBufferPointer(rebasing: $0[runStart..<index]), as: UTF8.self)
                    }
                } else {
                    guard let valid = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                        throw failure(.invalidUTF8)
                    }
                    run = valid
                }
                if text.isEmpty { text = run } else { text += run }
            }
            isASCII = true
            if byte == UInt8(ascii: "\"") {
                index += 1
                return text
            }
            guard byte == UInt8(ascii: "\\") else { throw failure(.controlCharacterInString) }
            index += 1
            text.unicodeScalars.append(try escape())
            runStart = index
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard index < bytes.count else { throw failure(.unterminatedString) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw failure(.loneSurrogate)
                }
                index += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw failure(.loneSurrogate) }
                return Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure(.loneSurrogate) }
            return scalar
        default:
            throw failure(.unknownEscape)
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure(.unterminatedString) }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.badUnicodeEscape)
            }
            value = value * 16 + UInt32(digit)
        }
        index += 4
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an integer in range as `.integer`,
    /// anything else as its text.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        let negative = peek(UInt8(ascii: "-"))
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure(.badNumber) }
        // The integer's magnitude, worked out as its digits pass; nil once past UInt64's range.
        // Timestamps have 16 digits, and a journal line several: none is made a string and
        // parsed again.
        var magnitude: UInt64? = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if let soFar = magnitude {
                    let (times10, overflow) = soFar.multipliedReportingOverflow(by: 10)
                    let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                    magnitude = overflow || carry ? nil : sum
                }
                index += 1
            }
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure(.badNumber) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            isInteger = false
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure(.badNumber) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            isInteger = false
        }
        if isInteger, let magnitude {
            if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .integer(Int64(truncatingIfNeeded: 0 &- magnitude))
            }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ expected in bytes[index..<index + count].elementsEqual(expected) })
        else { throw failure(.unexpectedCharacter) }
        index += count
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func failure(_ problem: Problem) -> Failure {
        Failure(problem: problem, offset: index)
    }
}
