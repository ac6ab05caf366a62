import Dispatch
import StopwatchCore

/// A `Scheduler` on a Dispatch queue, the live views': the 10 ms tick is a `DispatchSourceTimer`
/// (what the design asks for), a one-shot wake-up a `BootClockTimer` watched by a Dispatch read
/// source, so it counts through suspend as the port promises.
///
/// Actions run on `queue`. On Linux the Dispatch handler type is not `@Sendable`, so the compiler
/// does not check what an action touches: give it only state confined to `queue` or behind a lock.
/// Cancelling from `queue` stops the work before its next call; from elsewhere, a call already
/// under way finishes.
public final class DispatchScheduler: Scheduler {
    private let queue: DispatchQueue
    private let leeway: DispatchTimeInterval

    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .milliseconds(1)) {
        self.queue = queue
        self.leeway = leeway
    }

    public func every(_ interval: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(interval / .nanoseconds(1))), leeway: leeway)
        timer.setEventHandler(handler: action)
        timer.resume()
        let source = Source(source: timer)
        return ScheduledWork { source.source.cancel() }
    }

    public func after(_ delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        guard let timer = BootClockTimer() else {
            // No descriptor left: Dispatch's own clock, which stops during suspend, is late after
            // one, never early, and a wake-up only asks to look at the clocks again.
            let work = DispatchWorkItem(block: action)
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(max(.zero, delay) / .nanoseconds(1))), execute: work)
            let item = Item(item: work)
            return ScheduledWork { item.item.cancel() }
        }
        let reader = DispatchSource.makeReadSource(fileDescriptor: timer.descriptor, queue: queue)
        let source = Source(source: reader)
        reader.setEventHandler {
            timer.consume()
            source.source.cancel()
            action()
        }
        // The descriptor is closed when the source lets go of the timer, once it is cancelled.
        reader.setCancelHandler { withExtendedLifetime(timer) {} }
        timer.set(after: delay)
        reader.resume()
        return ScheduledWork { source.source.cancel() }
    }
}

/// A Dispatch source, to be kept by a `ScheduledWork`. Sources may be cancelled from any thread;
/// the type only lacks a `Sendable` annotation on Linux.
private struct Source: @unchecked Sendable {
    let source: any DispatchSourceProtocol
}

/// A Dispatch work item, as `Source` is.
private struct Item: @unchecked Sendable {
    let item: DispatchWorkItem
}
