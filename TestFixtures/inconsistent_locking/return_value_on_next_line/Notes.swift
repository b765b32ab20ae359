import Foundation

final class Notes {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ s: String) {
        lock.lock()
        defer { lock.unlock() }
        items.append(s)
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }

    // Quiet: the value on the line after `return` is read with the lock held.
    func first(matching prefix: String, exact: Bool) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if exact {
            return
                items.first(where: { $0 == prefix })
        }
        return
            items.first(where: {
                return (
                    $0.hasPrefix(prefix)
                )
            })
    }

    // Quiet: a tried call on the next line is the returned value too.
    func decoded(at i: Int) throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        if i < 0 { throw CocoaError(.coderValueNotFound) }
        return
            try decode(items[i])
    }

    private func decode(_ s: String) throws -> Data { Data(s.utf8) }

    // Fires: read after the lock is released.
    func last() -> String? {
        lock.lock()
        let n = items.count
        lock.unlock()
        guard n > 0 else { return nil }
        return
            items.last // expect: inconsistent_locking
    }
}
