import Glibc

extension StateDirectory {
    /// `mkdir -p` with mode 0700 for every directory it creates, each made durable: a directory
    /// is an entry of its parent, which only a sync of the parent puts on the disk, and a power cut
    /// must not take the state directory with a change a command already reported.
    static func makeDirectories(_ path: String, on fileSystem: any FileSystem) throws(StoreFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        var parents: [String] = []
        for component in path.split(separator: "/") {
            let parent =
                prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix.isEmpty ? "." : prefix
            prefix += component
            do {
                try fileSystem.makeDirectory(atPath: prefix, mode: 0o700)
                parents.append(parent)
            } catch  where error.errno != EEXIST {
                throw failure(.cannotCreate, prefix, .create, error)
            } catch {}
            prefix += "/"
        }
        for parent in parents.reversed() {
            // The trailing slash follows a parent that is a symlink (a home directory can be);
            // a parent this user may not read (mode 0711) cannot be synced, and is left as it is.
            let directory: OpenFile
            do {
                directory = try fileSystem.openDirectory(atPath: parent.hasSuffix("/") ? parent : parent + "/")
            } catch  where error.errno == EACCES || error.errno == EPERM {
                continue
            } catch {
                throw failure(.cannotCreate, parent, .open, error)
            }
            defer { fileSystem.close(directory) }
            do {
                try fileSystem.sync(directory)
            } catch {
                throw failure(.ioError, parent, .flush, error)
            }
        }
    }
}
