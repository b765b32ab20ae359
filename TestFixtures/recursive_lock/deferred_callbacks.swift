import Foundation

// A dependency that keeps the listener it is given and calls it later, from a timer's handler,
// returns before any of the caller's code runs: starting it with the caller's lock held cannot
// come back for that lock on this thread.

protocol PollListener: AnyObject {
    func pollDidFire()
}

protocol Poller {
    func begin(listener: PollListener)
    func halt()
}

final class TimedPoller: Poller {
    private let stateLock = NSLock()
    private let timer: DispatchSourceTimer
    private var listener: PollListener?
    private var running = false

    init(queue: DispatchQueue) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.stateLock.lock()
            let current = self.listener
            self.stateLock.unlock()
            current?.pollDidFire()
        }
        timer.schedule(deadline: .now() + 5, repeating: 5)
    }

    func begin(listener: PollListener) {
        stateLock.lock()
        defer { stateLock.unlock() }
        guard !running else { return }
        self.listener = listener
        running = true
        timer.activate()
    }

    func halt() {
        stateLock.lock()
        defer { stateLock.unlock() }
        running = false
        timer.cancel()
    }
}

final class FeedMonitor: PollListener {
    private let lock = NSLock()
    private let poller: Poller
    private var started = false
    private var fired = 0

    init(poller: Poller) { self.poller = poller }

    func start() {
        lock.lock()
        defer { lock.unlock() }
        if !started {
            started = true
            poller.begin(listener: self)
        }
    }

    func stop() {
        lock.withLock { poller.halt() }
    }

    func pollDidFire() {
        lock.withLock { fired += 1 }
    }
}

// Near miss: an implementation that greets its listener before it returns calls back with the
// caller's lock held.
protocol Greeter {
    func begin(listener: PollListener)
}

final class EagerGreeter: Greeter {
    private var listener: PollListener?
    func begin(listener: PollListener) {
        self.listener = listener
        listener.pollDidFire()
    }
}

final class GreetedMonitor: PollListener {
    private let lock = NSLock()
    private let greeter: Greeter
    private var fired = 0
    private var greetings = 0

    init(greeter: Greeter) { self.greeter = greeter }

    func start() {
        lock.lock()
        defer { lock.unlock() }
        greetings += 1
        greeter.begin(listener: self) // expect: recursive_lock
    }

    func pollDidFire() {
        lock.withLock { fired += 1 }
    }
}
