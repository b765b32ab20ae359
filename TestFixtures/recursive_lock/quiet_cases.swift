import Foundation
import NIOConcurrencyHelpers

/// Recursive by design.
final class Tree {
    private let lock = NSRecursiveLock()
    private var children: [Tree] = []

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return 1 + size()
    }

    func size() -> Int {
        lock.withLock { children.count }
    }

    func objc() {
        objc_sync_enter(self)
        objc_sync_enter(self)
        objc_sync_exit(self)
        objc_sync_exit(self)
    }
}

final class Split: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    private var total = 0

    func append(_ v: Int) {
        lock.withLock {
            appendLocked(v)
            recomputeLocked()
        }
    }

    private func appendLocked(_ v: Int) { values.append(v) }
    private func recomputeLocked() { total = values.reduce(0, +) }

    /// Runs later: not while the lock is held.
    func later(_ queue: DispatchQueue) {
        lock.withLock {
            queue.async { self.append(1) }
            Task { self.append(2) }
            let work = { self.append(3) }
            _ = work
        }
    }

    /// Released before the call.
    func sequential() {
        lock.lock()
        values.removeAll()
        lock.unlock()
        append(1)
        lock.withLock { total = 0 }
    }

    /// Different cases and branches never run together.
    func branches(_ flag: Bool, _ mode: Int) {
        switch mode {
        case 0:
            lock.lock()
            values.removeAll()
            finishAndUnlock()
        case 1:
            lock.lock()
            total = 0
            lock.unlock()
        default:
            break
        }
        if flag {
            lock.lock()
            total += 1
            finishAndUnlock()
        } else {
            lock.withLock { total -= 1 }
        }
    }

    /// Hands the lock over: it releases first.
    private func finishAndUnlock() {
        let v = values
        lock.unlock()
        print(v)
    }

    func handOver() {
        lock.lock()
        values.append(0)
        finishAndUnlock()
        lock.withLock { total = 1 }
    }

    /// A non-blocking attempt cannot deadlock.
    func attempt() {
        lock.withLock {
            if lock.try() { lock.unlock() }
        }
    }

    /// Another instance's lock.
    func merge(_ other: Split) {
        lock.withLock {
            other.append(1)
            other.lock.withLock { }
        }
    }

    /// A shadowing local named like a member.
    var count: Int { lock.withLock { values.count } }
    func shadow() {
        lock.withLock {
            let count = values.count
            print(count)
        }
    }
}

/// Two different locks.
final class TwoLocks {
    private let a = NSLock()
    private let b = NSLock()
    func f() { a.withLock { b.withLock { g() } } }
    func g() { }
}

/// Unknown lock type: not judged.
final class Custom {
    private let lock = MyLock()
    func f() { lock.withLock { lock.withLock { } } }
}

/// Recursive pthread mutex.
final class RecursiveMutex {
    private var mutex = pthread_mutex_t()
    init() {
        var attr = pthread_mutexattr_t()
        pthread_mutexattr_settype(&attr, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(&mutex, &attr)
    }
    func f() {
        pthread_mutex_lock(&mutex)
        pthread_mutex_lock(&mutex)
        pthread_mutex_unlock(&mutex)
        pthread_mutex_unlock(&mutex)
    }
}

/// Futures run their callbacks later.
final class Cache {
    private let sync = NIOLock()
    func get(_ future: EventLoopFuture<Int>) -> EventLoopFuture<Int> {
        sync.lock()
        defer { sync.unlock() }
        return future.map { value in
            self.sync.lock()
            defer { self.sync.unlock() }
            return value
        }
    }
}
