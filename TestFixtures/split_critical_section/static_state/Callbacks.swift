import Foundation

// Static state behind a static lock, reached as `Self.x`: a handler found under one acquisition
// and removed under another. Two callers can both find it and both run it, and the removal can
// drop a handler registered in between.
final class Callbacks {
    private static let lock = NSLock()
    private static var pending: [Int: () -> Void] = [:]

    static func register(_ id: Int, _ handler: @escaping () -> Void) {
        lock.withLock { pending[id] = handler }
    }

    static func fire(_ id: Int) {
        if let handler = (Self.lock.withLock { Self.pending[id] }) {
            Self.lock.withLock { Self.pending[id] = nil } // expect: split_critical_section
            handler()
        }
    }

    // The lock spelled through the type's name in one place and bare in the other.
    static func cancel(_ id: Int) {
        guard let handler = (Callbacks.lock.withLock { Callbacks.pending[id] }) else { return }
        lock.withLock { pending[id] = nil } // expect: split_critical_section
        _ = handler
    }

    // Taken out in one acquisition: quiet.
    static func fireOnce(_ id: Int) {
        if let handler = (Self.lock.withLock { Self.pending.removeValue(forKey: id) }) {
            handler()
        }
    }

    // Checked again under the second acquisition: quiet.
    static func fireChecked(_ id: Int) {
        if let handler = (Self.lock.withLock { Self.pending[id] }) {
            let mine = Self.lock.withLock { () -> Bool in
                guard Self.pending[id] != nil else { return false }
                Self.pending[id] = nil
                return true
            }
            if mine { handler() }
        }
    }

    // Filling a slot found empty: a race makes the value twice and keeps one (quiet by design).
    static func ensure(_ id: Int) {
        if (Self.lock.withLock { Self.pending[id] }) == nil {
            Self.lock.withLock { Self.pending[id] = {} }
        }
    }
}
