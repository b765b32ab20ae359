import Foundation

// A project's own mutex in another file: `enterTurn()` takes it, `unlock()` gives it back.
final class Turnstile: @unchecked Sendable {
    private let inner = NSLock()
    func enterTurn() { inner.lock() }
    func unlock() { inner.unlock() }
}
