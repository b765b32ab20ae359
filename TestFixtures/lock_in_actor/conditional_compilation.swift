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
