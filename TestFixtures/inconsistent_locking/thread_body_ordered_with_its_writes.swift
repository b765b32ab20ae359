import Foundation

// The body of a thread an initializer starts runs once, on that thread: a read there of a var
// whose only other writes are made while building the instance, or later in that same body,
// is ordered with each of them. Only writes from other entry points can race with it.
final class Pump {
    private let lock = NSLock()
    private var finished: Bool
    private var progress = 0
    private var thread: Thread?

    init() {
        finished = false
        thread = Thread { [weak self] in
            guard let self else { return }
            // Quiet: the only later write of `finished` is below, on this thread.
            precondition(!self.finished)
            // Fires: `progress` is also written by `reset()`, on the caller's thread.
            print(self.progress) // expect: inconsistent_locking
            self.lock.lock()
            self.progress += 1
            self.finished = true
            self.lock.unlock()
        }
        thread?.start()
    }

    var isDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    func reset() {
        lock.lock()
        progress = 0
        lock.unlock()
    }

    // Fires: started from a method, not an initializer, each call starts another thread, and
    // one thread's write can run beside the next one's read.
    private var runs = 0
    func again() {
        Thread.detachNewThread {
            print(self.runs) // expect: inconsistent_locking
            self.lock.lock()
            self.runs += 1
            self.lock.unlock()
        }
    }

    var runCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
}

// Another spelling: a detached task an initializer starts.
final class Warmup {
    private let lock = NSLock()
    private var ready = false

    init() {
        Task.detached { [weak self] in
            guard let self else { return }
            // Quiet: written only later in this task.
            if self.ready { return }
            self.lock.withLock { self.ready = true }
        }
    }

    var isReady: Bool { lock.withLock { ready } }
}
