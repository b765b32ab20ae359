import Foundation

actor Platform {
    #if canImport(Darwin)
    private let lock = NSLock() // expect: lock_in_actor
    #elseif os(Linux)
    private let lock = NSRecursiveLock() // expect: lock_in_actor
    #else
    private let lock = DispatchSemaphore(value: 1) // expect: lock_in_actor
    #endif

    @MainActor
    @available(*, deprecated)
    func legacy() {}
}

// Static storage is process-wide, not actor state: a lock there is its only guard.
actor Registry {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var names: [String] = []
    static func add(_ n: String) { lock.withLock { names.append(n) } }
}
