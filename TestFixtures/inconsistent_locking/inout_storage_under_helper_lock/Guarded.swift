import Foundation

/// Changes the value with the lock it is handed held.
func update<T>(_ value: inout T, under lock: NSLock, _ change: (inout T) -> Void) {
    lock.withLock {
        change(&value)
    }
}

/// Reads the value before it takes the lock: not a guard of it.
func bump(_ value: inout Int, lock: NSLock) {
    let old = value
    lock.lock()
    value = old + 1
    lock.unlock()
}
