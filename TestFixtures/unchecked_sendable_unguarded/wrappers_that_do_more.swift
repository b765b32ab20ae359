import Foundation

/// A method that runs its closure holding the lock and also publishes or saves around it is not
/// the class's way of holding the lock: the fix-it names the lock itself.
final class Store: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private var lastError: Error?

    func withLock<R>(_ body: (inout Int) throws -> R) rethrows -> R {
        let result = try lock.withLock { try body(&value) }
        didChange()
        return result
    }

    var error: Error? {
        get { lock.withLock { lastError } }
        set { lock.withLock { lastError = newValue } }
    }

    func saved() {
        if lastError != nil { error = nil } // expect: unchecked_sendable_unguarded
    }

    private func didChange() {}
}

/// Another spelling: `lock()`/`unlock()` and a notification after the locked part.
final class Counter: @unchecked Sendable {
    private let mutex = NSLock()
    private var count = 0

    func mutate(_ body: () -> Void) {
        mutex.lock()
        body()
        mutex.unlock()
        NotificationCenter.default.post(name: .init("counted"), object: nil)
    }

    func add() {
        mutex.lock()
        count += 1
        mutex.unlock()
    }

    func reset() {
        mutex.lock()
        count = 0
        mutex.unlock()
    }

    func peek() -> Int {
        count // expect: unchecked_sendable_unguarded
    }
}

/// A wrapper that only holds the lock is offered.
final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []

    func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func add(_ i: Int) { locked { items.append(i) } }
    func clear() { locked { items.removeAll() } }

    func first() -> Int? {
        items.first // expect: unchecked_sendable_unguarded
    }
}
