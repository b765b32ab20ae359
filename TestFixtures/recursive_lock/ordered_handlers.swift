import Foundation

// Handlers kept in a dictionary; the lock's doc comment says it keeps their calls in order and
// that they must not call back in.
final class StatusFeed {
    private let stateLock = NSLock()
    /// Keeps handler callbacks in the order of the changes; handlers must not call back into this feed.
    private let deliveryLock = NSLock()
    private var status = 0
    private var delivered = 0
    var handlers: [UUID: (Int) -> Void] = [:]

    func update(_ next: Int) {
        deliveryLock.withLock {
            stateLock.withLock { status = next }
            delivered += 1
            handlers.values.forEach { $0(next) }
        }
    }
}

// Near miss: the lock's comment says what it protects, nothing about the calls.
final class PlainFeed {
    /// Protects `status`.
    private let lock = NSLock()
    private var status = 0
    var handlers: [UUID: (Int) -> Void] = [:]

    func update(_ next: Int) {
        lock.withLock {
            status = next
            handlers.values.forEach { $0(next) }  // expect: recursive_lock
        }
    }
}

// A recursive lock: never reported, whatever the handlers do.
final class ReentrantFeed {
    private let lock = NSRecursiveLock()
    private var status = 0
    var handlers: [(Int) -> Void] = []

    func update(_ next: Int) {
        lock.lock()
        defer { lock.unlock() }
        status = next
        for h in handlers { h(next) }
    }
}

// Near miss: the comment above the acquisition says what the lock guards, not why the call is
// under it.
final class TaggedFeed {
    private let lock = NSLock()
    private var tags: [String] = []
    var onTag: ((String) -> Void)?

    func tag(_ t: String) {
        // tags are guarded by lock
        lock.lock()
        defer { lock.unlock() }
        tags.append(t)
        onTag?(t)  // expect: recursive_lock
    }
}
