import Foundation

// The resolver clears the cache while holding its own lock, and fills it with a closure that
// takes its own lock, run by the cache under the cache's lock: one thread holds 'Resolver.lock'
// and waits for 'Memo.lock', another holds 'Memo.lock' and waits for 'Resolver.lock'.
final class Resolver: @unchecked Sendable {
    private let lock = NSLock()
    private let cache = Memo<String, Int>()
    private var rules: [String: Int] = [:]

    func reload(_ newRules: [String: Int]) {
        lock.withLock {
            rules = newRules
            cache.removeAll()
        }
    }

    func resolve(_ name: String) -> Int {
        cache.value(for: name) { key in
            self.lock.withLock { self.rules[key] ?? 0 } // expect: lock_order_inversion
        }
    }

}

// The same cache filled by a method that makes the value with the cache's lock released, and
// cleared after releasing the owner's lock: quiet.
final class QuietResolver: @unchecked Sendable {
    private let lock = NSLock()
    private let cache = Memo<String, Int>()
    private var rules: [String: Int] = [:]

    func reload(_ newRules: [String: Int]) {
        lock.withLock { rules = newRules }
        cache.removeAll()
    }

    func resolve(_ name: String) -> Int {
        cache.valueUnlocked(for: name) { key in
            self.lock.withLock { self.rules[key] ?? 0 }
        }
    }
}
