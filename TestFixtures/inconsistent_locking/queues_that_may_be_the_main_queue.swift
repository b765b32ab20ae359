import Foundation

/// A queue set from an initializer's parameter that defaults to the main queue may be the main
/// queue itself: its blocks and main-actor code may be one executor, and the tool cannot tell.
final class Throttler {
    private var lastRun: Date = .distantPast
    private let queue: DispatchQueue

    init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    func schedule() {
        queue.async { self.lastRun = Date() }
    }

    func reschedule() {
        queue.async { self.lastRun = .distantPast }
    }

    @MainActor func reset() {
        lastRun = .distantPast
    }
}

/// The same with the other spelling and a differently named parameter.
final class Debouncer {
    private var pending = 0
    private let callbackQueue: DispatchQueue

    init(delay: Double, on target: DispatchQueue = DispatchQueue.main) {
        callbackQueue = target
    }

    func fire() {
        callbackQueue.async { self.pending += 1 }
    }

    func drain() {
        callbackQueue.async { self.pending = 0 }
    }

    @MainActor func cancel() {
        pending = 0
    }
}

/// Fires: the queue defaults to a private serial queue, never the main one.
final class Coalescer {
    private var count = 0
    private let queue: DispatchQueue

    init(queue: DispatchQueue = DispatchQueue(label: "coalescer")) {
        self.queue = queue
    }

    func add() {
        queue.async { self.count += 1 }
    }

    func clear() {
        queue.async { self.count = 0 }
    }

    @MainActor func reset() {
        count = 0 // expect: inconsistent_locking
    }
}
