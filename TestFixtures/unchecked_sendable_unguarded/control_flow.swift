import Foundation

// The lock is followed along each path of a function, not over a stretch of tokens.
final class Inventory: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var log: [String] = []

    // A release on the path that leaves (guard … else { unlock(); return }) does not free the
    // lock for the code after the guard.
    func take(_ item: String) -> Bool {
        lock.lock()
        guard let n = counts[item], n > 0 else {
            lock.unlock()
            return false
        }
        counts[item] = n - 1
        lock.unlock()
        return true
    }

    // `defer { unlock() }` may be written before the lock() it pairs with.
    func total() -> Int {
        defer { lock.unlock() }
        lock.lock()
        return counts.values.reduce(0, +)
    }

    // Taken in both branches: held after the if.
    func record(_ line: String, urgent: Bool) {
        if urgent {
            lock.lock()
            log.insert(line, at: 0)
        } else {
            lock.lock()
        }
        log.append(line)
        lock.unlock()
    }

    // Every case releases before it leaves; the last one hands the lock to a helper.
    func settle(_ kind: Int) -> Int {
        lock.lock()
        switch kind {
        case 0:
            lock.unlock()
            return 0
        case 1:
            let c = counts.count
            lock.unlock()
            return c
        default:
            counts.removeAll()
            finishAndUnlock()
            return -1
        }
    }

    private func finishAndUnlock() {
        log.removeAll()
        lock.unlock()
    }

    // Released in the catch as well as after the do block.
    func load(_ parse: () throws -> [String: Int]) {
        lock.lock()
        do {
            counts = try parse()
        } catch {
            lock.unlock()
            return
        }
        log.append("loaded")
        lock.unlock()
    }

    // Taken on one path only: after the if, the lock may not be held.
    func maybeClear(_ force: Bool) {
        if force {
            lock.lock()
        }
        log.removeAll() // expect: unchecked_sendable_unguarded
        if force {
            lock.unlock()
        }
    }

    // Released before the access on the path that falls through.
    func drop(_ item: String) {
        lock.lock()
        if item.isEmpty {
            lock.unlock()
        } else {
            counts[item] = nil
            lock.unlock()
        }
        log.append(item) // expect: unchecked_sendable_unguarded
    }
}
