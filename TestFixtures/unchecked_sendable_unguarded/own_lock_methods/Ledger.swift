import Foundation

// The class's own methods take and release its lock: `_lock()` is `entriesLock.lock()`,
// whatever it is called. A helper takes the lock only when its flag says the caller does not
// hold it, and releases it under the same flag; its one caller that passes `true` holds it.
final class Ledger: @unchecked Sendable {
    private let entriesLock = NSLock()
    private var entries: [Int] = []
    private var newest: Int?
    private var title = ""

    func _lock() { entriesLock.lock() }
    func _unlock() { entriesLock.unlock() }

    var count: Int {
        _lock()
        defer { _unlock() }
        return entries.count
    }

    func append(_ n: Int) {
        _append(n, alreadyLocked: false)
    }

    func appendTwice(_ n: Int) {
        _lock()
        _append(n, alreadyLocked: true)
        _append(n, alreadyLocked: true)
        _unlock()
    }

    private func _append(_ n: Int, alreadyLocked: Bool) {
        if !alreadyLocked {
            _lock()
        }
        entries.append(n)
        newest = n
        if !alreadyLocked {
            _unlock()
        }
    }

    var last: Int? {
        _lock()
        defer { _unlock() }
        return newest
    }

    // Fires: a read that takes none of it.
    var peek: Int? {
        newest // expect: unchecked_sendable_unguarded
    }

    func rename(_ t: String) {
        _lock()
        title = t
        _unlock()
    }

    var name: String {
        _lock()
        defer { _unlock() }
        return title
    }
}
