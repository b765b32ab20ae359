import Foundation

// Two branches of one #if declare the same method twice: each call resolves to the twin that is
// compiled with it, never to the one in the other branch.
final class Registry {
    private let lock = NSLock()
    private var items: [Int] = []

    #if os(Windows)
    func snapshot() -> [Int] { lock.withLock { items } }
    func describe() -> String { "\(snapshot())" }
    #else
    func snapshot() -> [Int] { items }
    // Here 'snapshot' takes no lock: calling it with 'lock' held is fine.
    func describe() -> String { lock.withLock { "\(snapshot())" } }
    #endif

    // Compiled with both twins: on Windows, 'snapshot' takes 'lock' again.
    func dump() -> String { lock.withLock { "\(snapshot())" } } // expect: recursive_lock
}

// A lock type chosen per platform by an alias: recursive in one branch, so not judged where
// the branches disagree; non-recursive in every branch, judged.
#if canImport(Darwin)
typealias PlatformLock = NSRecursiveLock
typealias StrictLock = NSLock
#else
typealias PlatformLock = NSLock
typealias StrictLock = NIOLock
#endif

final class Tree {
    private let lock = PlatformLock()
    private let strict = StrictLock()
    func visit(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        lock.lock()
        lock.unlock()
        strict.withLock {
            strict.withLock { body() } // expect: recursive_lock
        }
    }
}
