/// A file named to write to (`run -o FILE`) that cannot be opened for writing, with the `errno`
/// of the attempt; `MessageMapper` says so.
struct OutputFileFailure: Error {
    var path: String
    var errno: Int32
}
