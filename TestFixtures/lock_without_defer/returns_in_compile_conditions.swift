import Foundation

// Only one branch of an `#if` is compiled: a `return` in one branch does not end the path of
// the others, so each branch's exits are judged from the state the `#if` was reached with.
final class Queue: @unchecked Sendable {
    private let mutex = NSLock()
    private var items: [Int] = []

    // Quiet: every branch releases before it returns.
    func first() -> Int? {
        mutex.lock()
        #if os(macOS)
        let v = items.first
        mutex.unlock()
        return v
        #else
        let v = items.last
        mutex.unlock()
        return v
        #endif
    }

    // Quiet: a release after the `#if` that has no `#else` ends every path.
    func count() -> Int {
        mutex.lock()
        #if DEBUG
        print(items.count)
        #endif
        let n = items.count
        mutex.unlock()
        return n
    }

    // Near miss: the `#else` branch returns with the lock still held.
    func pop() -> Int? {
        mutex.lock() // expect: lock_without_defer
        #if swift(>=6.0)
        let v = items.popLast()
        mutex.unlock()
        return v
        #else
        return items.popLast()
        #endif
    }
}
