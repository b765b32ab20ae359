import Foundation
import Synchronization

// A write through the parameter of a closure that a lock keeping its own state runs
// (`monitor.withLock { $0.cancelled = true }`) changes that lock's value, of the type its
// declaration names: not an instance of a class that merely has a var of the same name. A write
// through a closure parameter that is an instance of the class (`jobs.forEach { … }`, in
// Owners.swift), or through a lock whose value is the class, still writes the class's state.

final class CancelToken: @unchecked Sendable {
    var cancelled = false
    func describe() -> String { cancelled ? "cancelled" : "live" }
}

/// Shape 1: `$0` of a local `Mutex` whose value is a tuple with a `cancelled` element.
final class Waiter: Sendable {
    func wait(_ token: CancelToken) -> Bool {
        let monitor = Mutex<(cancelled: Bool, waiters: Int)>((false, 0))
        monitor.withLock {
            $0.cancelled = true
        }
        return token.describe().isEmpty
    }
}
