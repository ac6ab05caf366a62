import Glibc

/// A file a command reads whole (`import FILE`), or standard input for `-`.
enum InputFile {
    /// The most it reads: a hundred thousand intervals of Timewarrior's are about 10 MB.
    static let limit = 1 << 30

    /// Its bytes; nil with the `errno` of what failed.
    static func read(_ path: String) -> Result<[UInt8], InputFileFailure> {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(InputFileFailure(errno: errno)) }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(InputFileFailure(errno: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[..<count]
        }
        return .failure(InputFileFailure(errno: EFBIG))
    }
}

struct InputFileFailure: Error {
    var errno: Int32
}
