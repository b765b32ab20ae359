import Foundation

// A computed property whose getter and setter each take the lock.
final class Settings: @unchecked Sendable {
    private let lock = NSLock()
    private var _values: [String: String] = [:]
    private var _count = 0

    var values: [String: String] {
        get { lock.withLock { _values } }
        set { lock.withLock { _values = newValue } }
    }

    var count: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _count
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _count = newValue
        }
    }

    func set(_ value: String, for key: String) {
        values[key] = value // expect: split_critical_section
        count += 1 // expect: split_critical_section
    }

    // One acquisition for the whole change: quiet.
    func remove(_ key: String) {
        lock.withLock {
            _values[key] = nil
            _count -= 1
        }
    }

    func snapshot() -> [String: String] { values }

    // Emptying writes the same value whatever was read: a whole overwrite, quiet. Removing what
    // matches reads first, and an update in between is lost: the same property as line 28, so
    // it is a note on that finding (one cause, the property's accessors; one fix).
    func reset() {
        values.removeAll()
        values.removeAll(keepingCapacity: true)
    }
    func drop(_ prefix: String) {
        values.removeAll { $0.key.hasPrefix(prefix) }
    }
}

// Setting the only stored property of a struct replaces the whole value: nothing is lost.
struct Handlers { var list: [String] = [] }

final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var _handlers = Handlers()
    var handlers: Handlers {
        get { lock.withLock { _handlers } }
        set { lock.withLock { _handlers = newValue } }
    }

    func clear() { handlers.list = [] }
    func add(_ h: String) { handlers.list.append(h) } // expect: split_critical_section
}
