import FoundationEssentials

/// Encodes the output documents the same way everywhere: sorted keys, one line, a final newline.
enum JSONDocumentEncoder {
    static func text(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        } catch {
            // Only strings, integers, booleans and nulls go in; none of them can fail to encode.
            preconditionFailure("an output document failed to encode: \(error)")
        }
    }
}
