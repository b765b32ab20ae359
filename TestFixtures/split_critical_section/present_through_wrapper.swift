import Foundation

// The file's own wrapper runs each closure under the lock: the path found under one call is
// extended and stored under a second call, and a segment added in between is lost.
final class Routes: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String: String] = [:]

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func extend(_ key: String, with segment: String) {
        guard let path = locked({ paths[key] }) else { return }
        locked { paths[key] = path + "/" + segment } // expect: split_critical_section
    }

    // Filled when absent (quiet by design), and extended in one call (quiet).
    func ensure(_ key: String) {
        guard locked({ paths[key] }) == nil else { return }
        locked { paths[key] = "/" }
    }

    func extendAtomically(_ key: String, with segment: String) {
        locked {
            guard let path = paths[key] else { return }
            paths[key] = path + "/" + segment
        }
    }
}
