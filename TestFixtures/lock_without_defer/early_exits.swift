import Foundation

final class Cache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]
    private var hits = 0

    func value(for key: Key) -> Value? {
        lock.lock() // expect: lock_without_defer
        guard let v = storage[key] else { return nil }
        hits += 1
        lock.unlock()
        return v
    }

    func load(_ key: Key, from url: URL) throws {
        lock.lock() // expect: lock_without_defer
        let data = try Data(contentsOf: url)
        storage[key] = decode(data)
        lock.unlock()
    }

    func validate(_ key: Key) throws {
        self.lock.lock() // expect: lock_without_defer
        if storage[key] == nil {
            throw CacheError.missing
        }
        self.lock.unlock()
    }

    func store(_ values: [Key: Value]) {
        for (key, value) in values {
            lock.lock() // expect: lock_without_defer
            if storage[key] != nil { continue }
            storage[key] = value
            lock.unlock()
        }
    }

    func firstMissing(_ keys: [[Key]]) -> Key? {
        outer: for group in keys {
            for key in group {
                lock.lock() // expect: lock_without_defer
                if storage[key] == nil { continue outer }
                lock.unlock()
            }
        }
        return nil
    }

    func evict(_ key: Key, reason: Reason) {
        lock.lock() // expect: lock_without_defer
        switch reason {
        case .memoryPressure:
            storage.removeAll()
        case .expired:
            guard storage[key] != nil else { break }
            storage[key] = nil
        case .replaced:
            return
        }
        lock.unlock()
    }

    func count(where predicate: (Value) throws -> Bool) rethrows -> Int {
        lock.lock() // expect: lock_without_defer
        var n = 0
        for value in storage.values where try predicate(value) {
            n += 1
        }
        lock.unlock()
        return n
    }

    func decode(_ data: Data) -> Value? { nil }
}

enum CacheError: Error { case missing }
enum Reason { case memoryPressure, expired, replaced }

// Free-function acquires.
final class Counter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var unfair = os_unfair_lock()
    private var count = 0

    func increment(by n: Int) -> Bool {
        pthread_mutex_lock(&mutex) // expect: lock_without_defer
        if n < 0 { return false }
        count += n
        pthread_mutex_unlock(&mutex)
        return true
    }

    func reset() throws {
        os_unfair_lock_lock(&unfair) // expect: lock_without_defer
        guard count >= 0 else {
            throw CacheError.missing
        }
        count = 0
        os_unfair_lock_unlock(&unfair)
    }

    func objc(_ item: AnyObject?) {
        objc_sync_enter(self) // expect: lock_without_defer
        guard let item else { return }
        print(item)
        objc_sync_exit(self)
    }
}

// Never released at all, and nothing else in the file releases `gate`.
final class Turnstile {
    private let gate = NSLock()

    func pass() {
        gate.lock() // expect: lock_without_defer
        print("through")
    }
}

// A lock taken in a closure: the closure is the function.
let work: (NSLock, Bool) -> Void = { lock, early in
    lock.lock() // expect: lock_without_defer
    if early { return }
    lock.unlock()
}

// Held into the next iteration through a loop that never releases first.
func spin(_ lock: NSLock, _ items: [Int]) {
    var i = 0
    while i < items.count {
        lock.lock() // expect: lock_without_defer
        i += 1
        if items[i - 1] == 0 { continue }
        lock.unlock()
    }
}
