import Foundation

/// A box whose value is copied out under its lock and changed in place under it.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func copy() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&value)
    }
}

struct Layout {
    var size = 0
    var didLayout = false
    var passes = 0
}

/// "Set if different": the act makes the state what the check found it was not, so a stale
/// check only makes a redundant write or skips one another thread has just made.
final class Canvas: @unchecked Sendable {
    private let state = Locked(Layout())

    func layout(width: Int) {
        let current = state.copy()
        if current.size != width || !current.didLayout {
            state.mutate {  // Quiet: stores the compared values.
                $0.size = width
                $0.didLayout = true
            }
        }
    }

    /// The act also counts a pass (not judged either way: the tool sees no decision it rests on).
    func relayout(width: Int) {
        let current = state.copy()
        if current.size != width {
            state.mutate {
                $0.size = width
                $0.passes += 1
            }
        }
    }
}

/// The same with a lock taken and released by hand, and a stored property.
final class Volume: @unchecked Sendable {
    private let lock = NSLock()
    private var level = 0
    private var muted = false
    private var changes = 0

    /// A flag found set and cleared is a take, which two callers can both make.
    func set(_ wanted: Int) {
        lock.lock()
        let now = level
        let silent = muted
        lock.unlock()
        if now != wanted || silent {
            lock.lock()  // expect: split_critical_section
            level = wanted
            muted = false
            lock.unlock()
        }
    }

    /// The act also counts the change: two callers that both saw the old level both count one.
    func bump(_ wanted: Int) {
        lock.lock()
        let now = level
        lock.unlock()
        if now != wanted {
            lock.lock()  // expect: split_critical_section
            level = wanted
            changes += 1
            lock.unlock()
        }
    }

    func unmute(_ wanted: Int) {
        lock.lock()
        let now = level
        lock.unlock()
        if now != wanted {
            lock.lock()  // Quiet: stores the compared value.
            level = wanted
            lock.unlock()
        }
    }
}
