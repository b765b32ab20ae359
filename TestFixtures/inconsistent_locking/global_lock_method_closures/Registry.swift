import Foundation

// A type's static lock with a closure method of the run's: the same for static state.
final class Registry {
    private static let lock = NSLock()
    private static var names: [String] = []

    static func add(_ n: String) {
        lock.lock()
        defer { lock.unlock() }
        names.append(n)
    }

    static func addAll(_ ns: [String]) {
        Self.lock.perform { names += ns }
    }

    // Fires: a write with nothing held.
    static func reset() {
        names = [] // expect: inconsistent_locking
    }
}
