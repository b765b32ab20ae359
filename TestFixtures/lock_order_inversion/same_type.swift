import Foundation

// Two locks of one type, nested in opposite orders in two methods.
final class Ledger: @unchecked Sendable {
    private let entries = NSLock()
    private let totals = NSLock()
    private var lines: [String] = []
    private var sum = 0

    func append(_ line: String, amount: Int) {
        entries.lock()
        defer { entries.unlock() }
        lines.append(line)
        totals.lock() // expect: lock_order_inversion
        sum += amount
        totals.unlock()
    }

    func reset() {
        totals.withLock {
            sum = 0
            entries.withLock { lines.removeAll() } // expect: lock_order_inversion
        }
    }
}

// The second lock is taken in a private helper called while the first is held.
final class Registry: @unchecked Sendable {
    private let names = NSLock()
    private let ids = NSLock()
    private var byName: [String: Int] = [:]
    private var byID: [Int: String] = [:]

    func register(_ name: String, id: Int) {
        names.withLock {
            byName[name] = id
            storeID(id, name)
        }
    }

    private func storeID(_ id: Int, _ name: String) {
        ids.withLock { byID[id] = name } // expect: lock_order_inversion
    }

    func forget(id: Int) {
        ids.withLock {
            if let name = byID.removeValue(forKey: id) {
                self.names.withLock { byName[name] = nil } // expect: lock_order_inversion
            }
        }
    }
}

// A serial queue waited for while a lock is held, and the lock taken in a block on the queue.
final class Uploader: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "uploader")
    private var pending: [Data] = []

    func enqueue(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        pending.append(data)
        queue.sync { flushIfNeeded() } // expect: lock_order_inversion
    }

    func start() {
        queue.async {
            self.lock.withLock { self.pending.removeAll() } // expect: lock_order_inversion
        }
    }

    private func flushIfNeeded() {}
}

// The main queue: waited for under a lock, while a block on it takes the lock.
final class Presenter: @unchecked Sendable {
    private let state = NSLock()
    private var title = ""

    func update(_ text: String) {
        state.withLock {
            title = text
            DispatchQueue.main.sync { } // expect: lock_order_inversion
        }
    }

    func refresh() {
        DispatchQueue.main.async {
            self.state.withLock { print(self.title) } // expect: lock_order_inversion
        }
    }
}

// A semaphore used as a lock (waited on and signalled in one body) is held in between.
final class Throttle: @unchecked Sendable {
    private let slots = DispatchSemaphore(value: 1)
    private let lock = NSLock()
    private var running = 0

    func begin() {
        slots.wait()
        lock.withLock { running += 1 } // expect: lock_order_inversion
        slots.signal()
    }

    func drain() {
        lock.withLock {
            slots.wait() // expect: lock_order_inversion
            running = 0
            slots.signal()
        }
    }
}

// Waiting for a callback while holding the lock the callback needs.
final class Loader: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: Data] = [:]

    func loadSync(_ key: String, fetch: (@escaping (Data) -> Void) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        let done = DispatchSemaphore(value: 0)
        fetch { data in
            self.lock.withLock { self.cache[key] = data } // expect: lock_order_inversion
            done.signal()
        }
        done.wait() // expect: lock_order_inversion
    }

    // The same wait without the lock held, or a callback that signals before locking: quiet.
    func loadQuietly(_ key: String, fetch: (@escaping (Data) -> Void) -> Void) {
        let done = DispatchSemaphore(value: 0)
        fetch { data in
            done.signal()
            self.lock.withLock { self.cache[key] = data }
        }
        lock.withLock { done.wait() }
        let group = DispatchGroup()
        group.enter()
        fetch { data in
            self.lock.withLock { self.cache[key] = data }
            group.leave()
        }
        group.wait()
    }
}

// A cancellation handler runs holding the task's internal lock, and resuming a continuation
// takes that lock: resuming while holding a lock the handler also takes can deadlock.
final class Waiter: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [CheckedContinuation<Int, Never>] = []
    private var cancelled = false

    func next() async -> Int {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.withLock { pending.append(continuation) }
            }
        } onCancel: {
            lock.withLock { cancelled = true } // expect: lock_order_inversion
        }
    }

    func deliver(_ value: Int) {
        lock.withLock {
            for c in pending { c.resume(returning: value) } // expect: lock_order_inversion
            pending.removeAll()
        }
    }

    // A resume stored for later runs after the lock is released: quiet.
    private var work: [() -> Void] = []
    func enqueue(_ c: CheckedContinuation<Int, Never>) {
        lock.withLock { work.append({ c.resume(returning: 0) }) }
    }

    // Resuming after the lock is released: quiet.
    func deliverLater(_ value: Int) {
        let waiting = lock.withLock {
            let p = pending
            pending.removeAll()
            return p
        }
        for c in waiting { c.resume(returning: value) }
    }
}
