import Foundation

/// A lock of the project's own, with a take that may fail.
final class SpinGate {
    private let inner = NSLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
    func tryAcquire() -> Bool { inner.try() }
}
