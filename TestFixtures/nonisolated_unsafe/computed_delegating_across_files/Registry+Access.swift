import Foundation

// Accessors in another file that call the type's own locking members.
extension Registry {
    nonisolated(unsafe) var all: [String] {
        get { lockedNames() }
        set { self.replaceNames(newValue) }
    }

    // Near miss: a member that takes no lock.
    nonisolated(unsafe) var count: Int { unlockedCount() } // expect: nonisolated_unsafe
}
