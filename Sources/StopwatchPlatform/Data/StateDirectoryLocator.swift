import StopwatchCore

/// Finds the state directory from the environment: `$STOPWATCH_HOME`, else
/// `$XDG_STATE_HOME/stopwatch`, else `$HOME/.local/state/stopwatch`.
///
/// Empty variables count as unset. A relative `XDG_STATE_HOME` is ignored, as the XDG Base
/// Directory specification requires; a relative `STOPWATCH_HOME`, which is only ever set on
/// purpose, is refused (`StoreFailure.Kind.misconfigured`, a usage error's status), since it would
/// name another directory in every working directory.
public enum StateDirectoryLocator {
    /// `environment` looks a variable up, as `getenv` does.
    public static func path(in environment: (String) -> String?) throws -> String {
        func value(_ key: String) -> String? {
            environment(key).flatMap { $0.isEmpty ? nil : $0 }
        }
        if let home = value("STOPWATCH_HOME") {
            guard home.hasPrefix("/") else {
                throw StoreFailure(.misconfigured, path: home, reason: .relativeStateDirectory)
            }
            return home
        }
        if let state = value("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/stopwatch" }
        if let home = value("HOME") { return home + "/.local/state/stopwatch" }
        throw StoreFailure(.cannotCreate, path: "$HOME", reason: .homeUnset)
    }
}
