import Glibc

/// Runs a command as a child process sharing this one's standard streams, and waits for it while
/// passing on the signals meant for both.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT are blocked here and taken with `sigwaitinfo`, together with
/// SIGCHLD, on the calling thread: no handler, no other thread. One sent to this process alone
/// (`kill PID`) is passed on to the child; one the terminal sent to the whole foreground process
/// group (Ctrl-C) has reached the child already and is not sent twice. Either way this process
/// keeps running until the child ends. Call it before any other thread exists, so that none can
/// take those signals instead.
public enum ChildProcess {
    public enum Termination: Sendable, Hashable {
        case exited(Int32)
        case signaled(Int32)

        /// The shell's convention: the exit status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Why a command could not be started; `MessageMapper` words it.
    public enum LaunchError: Error, Sendable, Hashable {
        /// No such file, or no such command in `PATH` (the shell's 127).
        case notFound(String)
        /// It exists but cannot be executed (the shell's 126), with the `errno` of the refusal.
        case cannotRun(String, errno: Int32)
    }

    static let forwardedSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Finds the executable `arguments[0]` names: a path if it contains `/`, else the first
    /// executable file of that name in `PATH`.
    public static func resolve(_ command: String, path: String?) throws(LaunchError) -> String {
        if command.contains("/") {
            guard access(command, F_OK) == 0 else { throw .notFound(command) }
            guard access(command, X_OK) == 0, !isDirectory(command) else {
                throw .cannotRun(command, errno: EACCES)
            }
            return command
        }
        var foundButNotExecutable = false
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(
            separator: ":", omittingEmptySubsequences: false)
        {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + command
            guard access(candidate, F_OK) == 0, !isDirectory(candidate) else { continue }
            if access(candidate, X_OK) == 0 { return candidate }
            foundButNotExecutable = true
        }
        if foundButNotExecutable { throw .cannotRun(command, errno: EACCES) }
        throw .notFound(command)
    }

    /// Starts `executable` with `arguments` (`arguments[0]` is the name it sees) and returns how it
    /// ended once it has.
    public static func run(_ executable: String, arguments: [String]) throws(LaunchError) -> Termination {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in forwardedSignals + [SIGCHLD] { sigaddset(&blocked, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        let child = try spawn(executable, arguments: arguments, mask: previousMask, defaults: blocked)
        while true {
            var info = siginfo_t()
            let signal = sigwaitinfo(&blocked, &info)
            if signal < 0 { continue }  // EINTR
            if signal == SIGCHLD {
                if let termination = reap(child) { return termination }
            } else if info.si_code != SI_KERNEL {
                kill(child, signal)
            }
        }
    }

    /// This process's executable (`/proc/self/exe`), for a background process started from it;
    /// nil when it cannot be read.
    static var currentExecutable: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Starts `executable` in a session of its own, with its standard streams on /dev/null except
    /// those `inheriting` names (kept only where they are terminals, so that no pipe a caller reads
    /// stays open), and does not wait for it. Returns whether it started.
    /// `environment` adds to (or replaces in) this process's environment.
    @discardableResult
    public static func startDetached(
        _ executable: String, arguments: [String], inheriting inherited: [Int32] = [],
        environment: [String: String] = [:]
    ) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where !(inherited.contains(descriptor) && isatty(descriptor) == 1) {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        // Nor any other descriptor this process was given: one end of a caller's pipe kept open
        // in the background would make the caller wait for it.
        for descriptor in openDescriptors() where descriptor > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID (glibc 2.26), which Glibc's module leaves out without _GNU_SOURCE.
        let setSession: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child = pid_t()
        return posixSpawn(&child, executable, arguments, &actions, &attributes, environment: environment) == 0
    }

    /// `posix_spawn` with `arguments` as C strings and this process's environment, with
    /// `environment` added; returns its error.
    private static func posixSpawn(
        _ child: inout pid_t, _ executable: String, _ arguments: [String],
        _ actions: UnsafePointer<posix_spawn_file_actions_t>?, _ attributes: UnsafePointer<posix_spawnattr_t>,
        environment: [String: String] = [:]
    ) -> Int32 {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard !environment.isEmpty else { return posix_spawn(&child, executable, actions, attributes, argv, environ) }
        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if environment[String(name)] == nil { variables.append(text) }
            index += 1
        }
        variables += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let envp = variables.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        return posix_spawn(&child, executable, actions, attributes, argv, envp)
    }

    /// The descriptors open in this process, from /proc/self/fd (the one reading it included,
    /// which is closed by then: closing it again in a child is harmless).
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name) { descriptors.append(descriptor) }
        }
        return descriptors
    }

    private static func spawn(_ executable: String, arguments: [String], mask: sigset_t, defaults: sigset_t)
        throws(LaunchError) -> pid_t
    {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child gets this process's mask, except that the signals passed on to it, and the
        // ones a command expects to find at their defaults, are unblocked: a parent that started
        // us with them blocked must not make forwarding them useless.
        var mask = mask
        var defaults = defaults
        sigaddset(&defaults, SIGPIPE)
        for signal in forwardedSignals + [SIGCHLD, SIGPIPE] { sigdelset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var child = pid_t()
        let result = posixSpawn(&child, executable, arguments, nil, &attributes)
        guard result == 0 else {
            if result == ENOENT { throw .notFound(arguments[0]) }
            throw .cannotRun(arguments[0], errno: result)
        }
        return child
    }

    /// How `child` ended, or nil while it runs (a SIGCHLD for a stop or continue).
    private static func reap(_ child: pid_t) -> Termination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(child, &status, WNOHANG)
            if result < 0, errno == EINTR { continue }
            guard result == child else { return nil }
            break
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && (information.st_mode & S_IFMT) == S_IFDIR
    }
}
