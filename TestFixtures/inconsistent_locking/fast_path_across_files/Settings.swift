import Foundation

// The fast path reads with nothing held; the slow path takes the lock itself (through the
// project's own wrapper declared in another file, or lock() and unlock()), so a reference to the
// method handed to other code is never called with the lock held.
final class Settings {
    private let lock = NSLock()
    private var loaded: Int?
    private var version = 0

    func source() -> Source { Source(read: current) }
    func versionSource() -> Source { Source(read: currentVersion) }

    private func current() -> Int {
        guard loaded == nil else { return loaded! } // expect: inconsistent_locking
        return lock.guarded {
            if let v = loaded { return v }
            let v = 42
            loaded = v
            return v
        }
    }

    private func currentVersion() -> Int {
        if version > 0 { return version } // expect: inconsistent_locking
        lock.lock()
        defer { lock.unlock() }
        if version == 0 { version = 1 }
        return version
    }

    // Near-miss: the handed-out method takes the lock only in a block that runs later, after it
    // returns: a caller may hold the lock while it reads.
    func laterSource() -> Source { Source(read: later) }
    private func later() -> Int {
        let seen = version
        DispatchQueue.global().async { self.lock.guarded { self.version += 1 } }
        return seen
    }
}
