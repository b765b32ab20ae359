import Foundation
import XCTest

// Test code: a test double calling the closure the test gave it, with its lock held, is the
// test's own design and stays quiet; locking the same lock again still hangs the test.
final class MockClient {
    private let lock = NSLock()
    private var calls: [String] = []
    var onSend: ((String) -> Void)?

    func send(_ message: String) {
        lock.withLock {
            calls.append(message)
            onSend?(message)
        }
    }

    func reset() {
        lock.lock()
        defer { lock.unlock() }
        lock.lock() // expect: recursive_lock
        calls = []
        lock.unlock()
    }
}
