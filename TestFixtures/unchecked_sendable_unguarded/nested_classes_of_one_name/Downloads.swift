import Foundation

enum Downloads {}

extension Downloads {
    // A class of the same simple name nested in another type: nothing outside calls its
    // `flush()`, which runs only under its lock.
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
            parts.removeAll()
        }
    }
}
