import Dispatch
import Glibc

/// Signals delivered as events on a queue instead of interrupting whatever runs.
struct SignalSources: Sendable {
    private let sources: [DispatchSourceHolder]

    /// Each signal is ignored first, then given to a Dispatch source: in that order, or a signal
    /// arriving in between would kill the process.
    init(_ signals: [Int32], on queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { handler(signalNumber) }
            source.resume()
            return DispatchSourceHolder(source)
        }
    }

    func cancel() {
        for holder in sources { holder.source.cancel() }
    }
}
