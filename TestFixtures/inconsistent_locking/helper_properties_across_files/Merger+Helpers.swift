extension Merger {
    // Quiet: every use holds stateLock (outLock only at some).
    fileprivate var isReady: Bool {
        !parts.isEmpty
    }

    // Reported: its one use (log()) holds no lock.
    var hasEmpty: Bool {
        parts.contains { $0.isEmpty } // expect: inconsistent_locking
    }
}
