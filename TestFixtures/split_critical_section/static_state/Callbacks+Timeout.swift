import Foundation

// The static state and its lock are declared in another file: `Self.` says they are the type's.
extension Callbacks {
    static func expire(_ id: Int, after limit: Int, elapsed: Int) {
        guard let handler = (Self.lock.withLock { Self.pending[id] }) else { return }
        if elapsed > limit {
            Self.lock.lock() // expect: split_critical_section
            Self.pending[id] = nil
            Self.lock.unlock()
            _ = handler
        }
    }

    // One acquisition decides and removes: quiet.
    static func expireAtomically(_ id: Int) {
        let handler: (() -> Void)? = Self.lock.withLock {
            defer { Self.pending[id] = nil }
            return Self.pending[id]
        }
        handler?()
    }
}
