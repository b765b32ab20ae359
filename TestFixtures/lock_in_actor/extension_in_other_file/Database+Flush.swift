import Foundation

extension Database {
    func flush() {
        let lock = NSRecursiveLock() // expect: lock_in_actor
        lock.lock()
        defer { lock.unlock() }
        rows.removeAll()
    }
}

extension NotADatabase {
    func flush() {
        let lock = NSLock()
        lock.lock()
        lock.unlock()
    }
}

struct NotADatabase {}
