import Glibc

/// Writes text to a file descriptor, whole, retrying short and interrupted writes.
///
/// Failed writes are dropped: a closed pipe ends the process with SIGPIPE as for any filter, and
/// there is nowhere left to report an error writing to standard error.
public struct FileDescriptorOutput: TextOutput {
    public static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
    public static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

    public let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8(write)
    }

    public func write(utf8 text: [UInt8]) {
        text.withUnsafeBufferPointer(write)
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < buffer.count {
            let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }
}
