import Foundation

// Members a class never calls itself, whose every call in the run comes from code on the main
// thread (an `@IBAction`, a view controller's method, a main-queue block) in other files: they
// run on the main thread, and state only they touch is confined to it.

/// Quiet: 'item' is touched only by `start()` and `stop()`, and every call of them is made on the
/// main thread (Controls.swift); the lock guards 'running', which the worker reads.
final class Spinner {
    private let queue = DispatchQueue(label: "spin", attributes: .concurrent)
    private var item: DispatchWorkItem?
    private let lock = NSLock()
    private var running = false

    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return }
        running = true
        let work = DispatchWorkItem { [weak self] in
            while self?.isRunning ?? false {}
        }
        item = work
        queue.async(execute: work)
    }

    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        item?.cancel()
        item = nil
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }
}

/// Fires: the same shape, but `halt()` is also called from a global queue (Controls.swift).
final class Grinder {
    private var item: DispatchWorkItem?
    private let lock = NSLock()
    private var running = false

    func begin() {
        lock.lock()
        defer { lock.unlock() }
        running = true
        item = DispatchWorkItem {}
    }

    func halt() {
        lock.lock()
        running = false
        lock.unlock()
        item = nil // expect: inconsistent_locking
    }
}

/// Fires: `finish()` is called with `await` from main-actor code: a nonisolated async method
/// runs off the main actor.
final class Loader {
    private var task: String?
    private let lock = NSLock()

    func prepare() {
        lock.lock()
        task = "ready"
        lock.unlock()
    }

    func finish() async {
        task = nil // expect: inconsistent_locking
    }
}

/// Fires: a getter read only from main-thread code (Controls.swift) still reads, on main, a value
/// a queue writes: the race itself, not a confinement.
final class Gallery {
    private let queue = DispatchQueue(label: "gallery")
    private var statuses: [String] = []

    var current: [String] {
        statuses // expect: inconsistent_locking
    }

    func add(_ s: String) {
        queue.async { self.statuses.append(s) }
    }

    func clear() {
        queue.async { self.statuses.removeAll() }
    }
}
