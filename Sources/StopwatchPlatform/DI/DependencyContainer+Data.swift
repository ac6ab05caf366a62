import Dispatch

extension DependencyContainer {
    /// A SIGIO at each change other processes make to the stopwatches (`wait`, `--follow`); the
    /// state directory made first, so that the first change is seen. Nil when it cannot be watched.
    func signalOnChanges() -> DnotifyWatch? {
        guard let directory = data.stateDirectory, (try? JSONFileStopwatchStore.prepareDirectory(directory)) != nil
        else { return nil }
        return DnotifyWatch(directory: directory)
    }

    /// `changed` on `queue` at each change other processes make to the stopwatches (a live view),
    /// the state directory made first; nil when it cannot be watched.
    func monitorChanges(on queue: DispatchQueue, _ changed: @escaping @Sendable () -> Void) -> InotifyDirectoryMonitor?
    {
        guard let directory = data.stateDirectory, (try? JSONFileStopwatchStore.prepareDirectory(directory)) != nil
        else { return nil }
        return InotifyDirectoryMonitor(directory: directory, queue: queue, onChange: changed)
    }
}
