import Foundation

// The setter takes the lock inside a helper method: `values[key] = value` still reads the
// dictionary under one acquisition (the getter's) and stores it back under another (the
// helper's), so a value set by another thread in between is lost.
final class Preferences: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: String] = [:]
    private var order: [String] = []

    var values: [String: String] {
        get { lock.withLock { storage } }
        set { replace(with: newValue) }
    }

    private func replace(with values: [String: String]) {
        lock.lock()
        defer { lock.unlock() }
        storage = values
    }

    func set(_ value: String, for key: String) {
        values[key] = value // expect: split_critical_section
    }

    // Through a closure-taking helper that runs its closure under the lock.
    var keys: [String] {
        get { lock.withLock { order } }
        set { mutate { $0 = newValue } }
    }

    private func mutate(_ body: (inout [String]) -> Void) {
        lock.withLock { body(&order) }
    }

    func remember(_ key: String) {
        keys.append(key) // expect: split_critical_section
    }

    // The helper used for the whole change, under one acquisition: quiet.
    func rememberAtomically(_ key: String) {
        mutate { $0.append(key) }
    }

    // A setter whose helper takes another lock (a log): no split of this property (quiet).
    private let logLock = NSLock()
    private var log: [String] = []
    var lastKey: String {
        get { lock.withLock { order.last ?? "" } }
        set { record(newValue) }
    }
    private func record(_ key: String) { logLock.withLock { log.append(key) } }
    func touch() { lastKey += "!" }
}
