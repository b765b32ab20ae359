import Synchronization

// A lock type of the project whose acquire and release are spelled in its own way.
final class Gate: @unchecked Sendable {
    private let raw = Mutex<Void>(())
    func _rawLock() { raw._unsafeLock() }
    func _rawUnlock() { raw._unsafeUnlock() }
}

// Held through the rarer pair, with the release deferred, also inside a `_modify`: every access
// is under the gate, nothing to report.
final class Settings: @unchecked Sendable {
    private let gate = Gate()
    private var store: [String: Int] = [:]

    var entries: [String: Int] {
        get {
            gate._rawLock()
            defer { gate._rawUnlock() }
            return store
        }
        _modify {
            gate._rawLock()
            var value = store
            defer {
                store = value
                gate._rawUnlock()
            }
            yield &value
        }
        set {
            gate._rawLock()
            defer { gate._rawUnlock() }
            store = newValue
        }
    }
}

// The same pair, with one read that takes nothing: that read alone is reported.
final class Counters: @unchecked Sendable {
    private let gate = Gate()
    private var hits = 0

    func bump() {
        gate._rawLock()
        hits += 1
        gate._rawUnlock()
    }

    func reset() {
        gate._rawLock()
        defer { gate._rawUnlock() }
        hits = 0
    }

    func peek() -> Int {
        hits // expect: unchecked_sendable_unguarded
    }
}
