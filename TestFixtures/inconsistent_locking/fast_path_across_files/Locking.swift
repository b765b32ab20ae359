import Foundation

extension NSLock {
    func guarded<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

struct Source {
    let read: () -> Int
}
