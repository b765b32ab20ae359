import Foundation

/// Storage used only under `lock`, reached through a wrapper whose getter and setter each take
/// the lock on their own: an update through the wrapper is two holds, and updates can be lost.
final class SuiteTracker: @unchecked Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var _suites: [String] = [] // expect: nonisolated_unsafe
    private(set) var suites: [String] {
        get { lock.withLock { _suites } }
        set { lock.withLock { _suites = newValue } }
    }

    func add(_ name: String) {
        suites.append(name)
    }
}

/// The same wrapper, but every update replaces the whole value or happens in one hold: the
/// storage is guarded at every use, so the modifier hides no hazard (reported only with
/// "strict": true).
final class Settings: @unchecked Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var _values: [String: Int] = [:]
    var values: [String: Int] {
        get { lock.withLock { _values } }
        set { lock.withLock { _values = newValue } }
    }

    func reset() {
        values = [:]
    }

    func set(_ key: String, _ value: Int) {
        lock.withLock { _values[key] = value }
    }
}
