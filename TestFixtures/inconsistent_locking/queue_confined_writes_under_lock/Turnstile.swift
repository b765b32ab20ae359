import Foundation

/// A lock of the project's own, made of a semaphore.
final class Turnstile {
    private let permit = DispatchSemaphore(value: 1)

    func pass<T>(_ body: () throws -> T) rethrows -> T {
        permit.wait()
        defer { permit.signal() }
        return try body()
    }
}
