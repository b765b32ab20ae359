import Foundation

// A helper whose name says the caller holds the lock, in another spelling (`LOCKED_` prefix), that
// nothing in the run calls: its name is the evidence, nothing to report.
public final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    public func add(_ item: String) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    public func LOCKED_count() -> Int {
        items.count
    }
}

// A helper with a plain name that nothing in the run calls is entered without the lock.
public final class Catalog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    public func add(_ item: String) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    public func count() -> Int {
        items.count // expect: unchecked_sendable_unguarded
    }
}
