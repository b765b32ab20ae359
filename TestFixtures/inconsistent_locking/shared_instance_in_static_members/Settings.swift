import Foundation

// A wrapper in between: the class's own `withLock` run on the shared instance guards what its
// closure touches; a static setter that writes outside it is reported.
final class Settings {
    static var current: Settings! = Settings()
    private let lock = NSLock()
    private var values: [String: String] = [:]

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func value(_ key: String) -> String? {
        withLock { values[key] }
    }

    func set(_ key: String, _ value: String) {
        withLock { values[key] = value }
    }

    static func reset() {
        current.withLock { current.values = [:] }
    }

    static func load(_ all: [String: String]) {
        current.values = all // expect: inconsistent_locking
    }
}
