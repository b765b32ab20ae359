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
