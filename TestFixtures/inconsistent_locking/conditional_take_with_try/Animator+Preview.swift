import Foundation

extension Animator {
    // Quiet: a recursive lock's conditional take, in an extension in another file.
    func preview(_ cache: PreviewCache) -> Int? {
        guard cache.lock.try() else { return nil }
        defer { cache.lock.unlock() }
        return cache.last
    }
}

final class PreviewCache {
    let lock = NSRecursiveLock()
    var last: Int? = nil

    func store(_ v: Int) {
        lock.lock()
        defer { lock.unlock() }
        last = v
    }

    func peek() -> Int? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return last
    }

    // Fires: read with nothing held.
    func stale() -> Int? {
        last // expect: inconsistent_locking
    }
}
