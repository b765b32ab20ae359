import Foundation

struct Registry {
    static let mutex = NSLock()
    nonisolated(unsafe) static var byName: [String: Int] = [:]
    nonisolated(unsafe) static var generation = 0
    nonisolated(unsafe) static var stale = 0 // expect: nonisolated_unsafe
}

extension Registry {
    // Called from another file, always with the lock held.
    static func rebuild() {
        byName = [:]
        Registry.generation += 1
    }

    // Called from another file with no lock held.
    static func markStale() {
        Self.stale += 1
    }
}
