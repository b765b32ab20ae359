import Foundation

// Another spelling: an `@unchecked Sendable` class with a lock, its shared instance named
// `shared` and spelled `Self.shared` and `Tracker.shared`.
final class Tracker: @unchecked Sendable {
    static let shared = Tracker()
    private let lock = NSLock()
    private var events: [String] = []

    func track(_ e: String) {
        lock.lock()
        events.append(e)
        lock.unlock()
    }

    static func flush() -> [String] {
        Self.shared.lock.lock()
        defer { Self.shared.lock.unlock() }
        let out = Tracker.shared.events
        Tracker.shared.events = []
        return out
    }

    static func peek() -> String? {
        shared.events.last // expect: unchecked_sendable_unguarded
    }
}

// Near miss: a static property of another type's instance is not the shared instance.
final class Session: @unchecked Sendable {
    static let other = Tracker()
    private let lock = NSLock()
    private var token = ""

    func set(_ t: String) { lock.withLock { token = t } }
    func get() -> String { lock.withLock { token } }
}
