import Foundation

// A reader-writer lock whose pair is in the class and whose closure methods are in an
// extension of it: the closure methods run their closure under the pair.
final class SharedGate: @unchecked Sendable {
    private let raw = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

    init() { pthread_rwlock_init(raw, nil) }

    fileprivate func lockRead() { pthread_rwlock_rdlock(raw) }
    fileprivate func lockWrite() { pthread_rwlock_wrlock(raw) }
    fileprivate func unlock() { pthread_rwlock_unlock(raw) }
}

extension SharedGate {
    func withShared<T>(_ body: () throws -> T) rethrows -> T {
        lockRead()
        defer { unlock() }
        return try body()
    }

    func withExclusive<T>(_ body: () throws -> T) rethrows -> T {
        lockWrite()
        defer { unlock() }
        return try body()
    }

    // Hands its closure on to the one above: runs it under the lock too.
    func withExclusiveVoid(_ body: () throws -> Void) rethrows {
        try withExclusive(body)
    }
}
