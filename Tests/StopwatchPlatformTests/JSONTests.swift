import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The tool's own JSON: strict reading, and writing in the layouts the files and documents use.
@Suite struct JSONTests {
    func read(_ text: String) throws -> JSONValue {
        try JSONReader.read(Array(text.utf8))
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        (" true ", .bool(true)),
        ("false", .bool(false)),
        ("0", .integer(0)),
        ("-9223372036854775808", .integer(.min)),
        ("9223372036854775807", .integer(.max)),
        ("9223372036854775808", .number("9223372036854775808")),
        ("-9223372036854775809", .number("-9223372036854775809")),
        ("18446744073709551616", .number("18446744073709551616")),
        ("-0", .integer(0)),
        ("1234567890123", .integer(1_234_567_890_123)),
        ("1.5", .number("1.5")),
        ("-0.25e+3", .number("-0.25e+3")),
        ("1E2", .number("1E2")),
        (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        (#""\u00e9\u20AC\ud83d\ude00 é""#, .string("é€😀 é")),
        ("[]", .array([])),
        ("[1, [2], {}]", .array([.integer(1), .array([.integer(2)]), .object([])])),
        (#"{"a" : 1, "b":{"c":null}}"#, .object([.init("a", .integer(1)), .init("b", .object([.init("c", .null)]))])),
    ])
    func readsWhatRFC8259Allows(_ text: String, _ value: JSONValue) throws {
        #expect(try read(text) == value)
    }

    @Test(arguments: [
        "", " ", "nul", "truex", "01", "-", "1.", ".5", "1e", "+1", "0x10", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}",
        "{a:1}", "'a'", "\"unterminated", "\"tab\there\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "[1]]",
        "{} {}",
        String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
    ])
    func refusesWhatItDoesNot(_ text: String) {
        #expect(throws: JSONReader.Failure.self) { try read(text) }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONReader.Failure.self) {
            try JSONReader.read([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
        }
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let depth = JSONReader.maximumDepth
        #expect(throws: Never.self) {
            try read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
    }

    @Test func theLastOfARepeatedKeyCounts() throws {
        #expect(try read(#"{"a":1,"a":2}"#)["a"] == .integer(2))
    }

    @Test func compactIsOneLineWithSortedKeysAndEscapes() {
        let value = JSONValue.object([
            .init("b", .array([.integer(-1), .null, .bool(true)])),
            .init("a", .string("x/\"y\"\\\n\u{1}é")),
        ])
        #expect(JSONWriter.compact(value) == #"{"a":"x/\"y\"\\\n\u0001é","b":[-1,null,true]}"#)
    }

    /// Integers are written digit by digit: every magnitude, the least included.
    @Test(arguments: [0, 7, -7, 10, 1_795_698_000_000_000, Int64.max, Int64.min])
    func integersAreTheirDecimalDigits(_ number: Int64) {
        #expect(JSONWriter.compact(.integer(number)) == String(number))
        #expect(JSONWriter.compactBytes(.array([.integer(number)])) == Array("[\(number)]".utf8))
    }

    /// Runs of plain text between escapes are copied whole, whatever surrounds them.
    @Test(arguments: [
        "", "plain", "\"", "\"\u{301}é at the start", "ends in a quote\"", "\r\n", "a\u{1F}b\u{7F}c", "two\nlines\n",
        "👩‍👩‍👧 \\ \"😀\"",
    ])
    func stringsAreEscapedWhereTheyMustBeAndNowhereElse(_ string: String) throws {
        let text = JSONWriter.compact(.string(string))
        #expect(try JSONReader.read(Array(text.utf8)) == .string(string))
        #expect(!text.dropFirst().dropLast().utf8.contains(where: { $0 < 0x20 }))
    }

    @Test func prettyIsTheStateFileLayout() {
        let value = JSONValue.object([
            .init("z", .object([.init("k", .integer(1))])), .init("a", .array([])), .init("m", .object([])),
        ])
        #expect(
            JSONWriter.pretty(value) == """
                {
                  "a" : [],
                  "m" : {},
                  "z" : {
                    "k" : 1
                  }
                }
                """)
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        // Keys in sorted order, as they are written.
        let value = JSONValue.object([
            .init("numbers", .array([.integer(.max), .integer(.min), .number("1.5e-3")])),
            .init("text", .string("tab\t, quote \", emoji 😀, nul \u{0}")),
        ])
        #expect(try JSONReader.read(Array(JSONWriter.compact(value).utf8)) == value)
        #expect(try JSONReader.read(Array(JSONWriter.pretty(value).utf8)) == value)
    }
}

/// The tokens JSON, the bars' classes and the state files hold are a contract of their own, apart
/// from the words a person reads: each is listed here as documented.
@Suite struct StatusTokenTests {
    @Test func theTokensAreTheDocumentedOnes() {
        #expect(DisplayStatus.allCases.map(\.token) == ["initial", "running", "paused", "expired", "waiting"])
        #expect(StopwatchStatus.allCases.map(StoredStatus.token(for:)) == ["initial", "running", "paused"])
        for status in StopwatchStatus.allCases {
            #expect(StoredStatus.status(for: StoredStatus.token(for: status)) == status)
        }
        #expect(StoredStatus.status(for: "expired") == nil, "a file never holds a display status")
    }
}

@Suite struct CRC32Tests {
    @Test func theTableIsThePolynomialsAndTheCheckIsZlibs() {
        let computed: [UInt32] = (0..<256).map { byte in
            var value = UInt32(byte)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }
        #expect(CRC32.table == computed)
        // zlib.crc32(b"123456789") == 0xCBF43926, the check value of CRC-32/ISO-HDLC.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(CRC32.checksum("123456789".utf8) == 0xCBF4_3926, "a sequence with no contiguous storage")
    }

    @Test func eightBytesAtATimeIsTheSameCheck() {
        let slicing = CRC32.Slicing()
        var random = SplitMix64(seed: 26)
        let bytes = (0..<1000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // Every length around the eight-byte steps, at every alignment of a slice.
        for start in 0..<9 {
            for end in stride(from: start, through: bytes.count, by: 37) + Array(start..<(start + 17)) {
                #expect(slicing.checksum(bytes[start..<end]) == CRC32.checksum(bytes[start..<end]), "\(start)..<\(end)")
            }
        }
        #expect(slicing.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }
}
