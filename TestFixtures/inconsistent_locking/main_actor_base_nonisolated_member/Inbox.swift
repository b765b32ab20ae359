import Foundation

// A `nonisolated` method of a main-actor screen runs on its caller's thread: it takes the lock,
// and the main-actor read without it is reported.
final class InboxScreen: Screen {
    private let lock = NSLock()
    private var pending: [Int] = []

    nonisolated func receive(_ n: Int) {
        lock.lock()
        pending.append(n)
        lock.unlock()
    }

    func clear() {
        lock.lock()
        pending = []
        lock.unlock()
    }

    func show() {
        print(pending.count) // expect: inconsistent_locking
    }
}

// The same screen without the nonisolated member: everything runs on the main actor.
final class OutboxScreen: Screen {
    private let lock = NSLock()
    private var pending: [Int] = []

    func receive(_ n: Int) {
        lock.lock()
        pending.append(n)
        lock.unlock()
    }

    func clear() {
        lock.lock()
        pending = []
        lock.unlock()
    }

    func show() {
        print(pending.count)
    }
}

// Nonisolated members that lock only a box of their own (a `let` holding its state): the
// main-actor vars are never shared with them.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func withLock<T>(_ body: (inout Int) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

final class BoxedScreen: Screen {
    private let hits = Counter()
    private var shown = 0

    nonisolated func hit() {
        hits.withLock { $0 += 1 }
    }

    func clear() {
        hits.withLock { $0 = 0 }
        shown = 0
    }

    func show() {
        shown += 1
        print(shown)
    }
}
