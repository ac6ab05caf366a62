import CLinuxDescriptors
import Glibc
import StopwatchCore
import Synchronization

/// A `Scheduler` for a thread that only waits (`wait`, `--follow`): `run` sleeps in one poll(2) on
/// a `BootClockTimer` for each piece of work, a `signalfd` for the signals it takes, and, if asked,
/// a descriptor whose hang-up it reports (standard output, once its reader is gone), and one it
/// reports ready to read (`listen(to:)`: a bus's socket). Everything happens on that thread, so
/// nothing else keeps the process alive once it returns.
///
/// Nothing polls: with no work due, no signal and no hang-up, the thread sleeps.
final class PollScheduler: Scheduler, Sendable {
    /// What woke the loop, besides work coming due.
    enum Event {
        case signal(Int32)
        /// The watched descriptor reported an error or a hang-up.
        case hangUp
        /// A descriptor listened to has something to read.
        case readable
    }

    private let signalDescriptor: Int32
    private let watched: Int32?
    private let listened = Mutex<[Int32]>([])
    private let pending = Mutex<[Int: Work]>([:])
    private let lastID = Mutex(0)

    /// Takes `signals` (blocking them in this thread, so that none is lost between two polls) and
    /// watches `watched` for a hang-up. Nil, with `errno` set, when the kernel cannot make the
    /// signal descriptor.
    init?(signals: [Int32], watching watched: Int32? = nil) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signalDescriptor = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard signalDescriptor >= 0 else { return nil }
        self.watched = watched
    }

    deinit {
        close(signalDescriptor)
    }

    /// Reports `.readable` when `descriptor` has something to read, from the next wait on; nil
    /// listens to none.
    func listen(to descriptor: Int32?) {
        listen(to: descriptor.map { [$0] } ?? [])
    }

    /// Reports `.readable` when any of `descriptors` has something to read (a bus's socket each),
    /// from the next wait on.
    func listen(to descriptors: [Int32]) {
        listened.withLock { $0 = descriptors }
    }

    func every(_ interval: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        add(delay: .zero, interval: interval, action)
    }

    func after(_ delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        add(delay: delay, interval: nil, action)
    }

    /// Waits for events and runs what comes due, on the calling thread, until `isDone` after one
    /// says so. `handle` is given each signal and the hang-up. False if poll(2) failed, or a timer
    /// could not be made for the work scheduled.
    func run(handling handle: (Event) -> Void, until isDone: () -> Bool) -> Bool {
        while !isDone() {
            let works = pending.withLock { $0.sorted { $0.key < $1.key } }
            if works.contains(where: { $0.value.timer == nil }) { return false }
            var descriptors = [pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)]
            // No events asked: an error or a hang-up is always reported.
            if let watched { descriptors.append(pollfd(fd: watched, events: 0, revents: 0)) }
            let listening = listened.withLock { $0 }
            let listenedAt = descriptors.count
            descriptors += listening.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let first = descriptors.count
            descriptors += works.map { pollfd(fd: $0.value.timer?.descriptor ?? -1, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
                if errno == EINTR { continue }
                return false
            }
            // Signals first: a terminal that hangs up sends SIGHUP as well as closing.
            var information = signalfd_siginfo()
            while read(signalDescriptor, &information, MemoryLayout<signalfd_siginfo>.size)
                == MemoryLayout<signalfd_siginfo>.size
            {
                handle(.signal(Int32(information.ssi_signo)))
            }
            if watched != nil, descriptors[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { handle(.hangUp) }
            if descriptors[listenedAt..<(listenedAt + listening.count)].contains(where: { $0.revents != 0 }) {
                handle(.readable)
            }
            for (index, (id, work)) in works.enumerated() where descriptors[first + index].revents & Int16(POLLIN) != 0
            {
                guard !isDone(), pending.withLock({ $0[id] != nil }), work.timer?.consume() ?? 0 > 0 else { continue }
                if work.isOneShot { pending.withLock { $0[id] = nil } }
                work.action()
            }
        }
        return true
    }

    private func add(delay: Duration, interval: Duration?, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        let timer = BootClockTimer()
        timer?.set(after: delay, every: interval)
        let id = lastID.withLock { id in
            id += 1
            return id
        }
        pending.withLock { $0[id] = Work(timer: timer, isOneShot: interval == nil, action: action) }
        return ScheduledWork { [weak self] in _ = self?.pending.withLock { $0.removeValue(forKey: id) } }
    }

    /// A piece of work and its timer (nil when none could be made, which ends the loop).
    private struct Work: Sendable {
        let timer: BootClockTimer?
        let isOneShot: Bool
        let action: @Sendable () -> Void
    }
}
