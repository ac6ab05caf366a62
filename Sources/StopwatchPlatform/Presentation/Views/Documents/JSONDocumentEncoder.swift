/// Writes the output documents the same way everywhere: sorted keys, one line, a final newline.
enum JSONDocumentEncoder {
    static func text(_ document: JSONValue) -> String {
        JSONWriter.compact(document) + "\n"
    }
}
