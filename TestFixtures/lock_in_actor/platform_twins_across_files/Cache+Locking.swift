import Foundation

// Compiled only with the class: a lock in its method is the class's own business.
#if !canImport(Synchronization)
extension Cache {
    func withItems(_ body: ([String: Int]) -> Void) {
        let guardLock = NSLock()
        guardLock.withLock { body(items) }
    }
}
#endif

// Compiled with both: where Cache is the actor, this method creates a lock inside it.
extension Cache {
    func snapshot() -> [String: Int] {
        let copyLock = NSLock() // expect: lock_in_actor
        return copyLock.withLock { [:] }
    }
}
