import Foundation

// A generic dictionary behind a lock, whose insert-if-missing runs the labelled closure with the
// lock held.
final class LockedDictionary<Key: Hashable, Value>: @unchecked Sendable {
    private let mutex = NSLock()
    private var entries: [Key: Value] = [:]

    func value(forKey key: Key, orInsert make: () -> Value, onMiss: () -> Void) -> Value {
        mutex.lock()
        defer { mutex.unlock() }
        if let hit = entries[key] { return hit }
        onMiss()
        let made = make()
        entries[key] = made
        return made
    }

    func reset() {
        mutex.withLock { entries.removeAll() } // expect: lock_order_inversion
    }
}
