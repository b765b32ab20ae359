import Foundation

enum Uploads {}

extension Uploads {
    // The class calls `flush()` from `add(_:)`, with its lock; the scheduler calls it too.
    final class Transfer: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [Int] = []

        func add(_ p: Int) {
            lock.lock()
            defer { lock.unlock() }
            parts.append(p)
            flush()
        }

        func flush() {
            parts.removeAll() // expect: unchecked_sendable_unguarded
        }
    }
}
