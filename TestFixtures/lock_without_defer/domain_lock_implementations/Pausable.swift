import Foundation

/// `lock()` here pauses a player: it sets a flag that must stay set until `unlock()`.
protocol Pausable: AnyObject {
    func lock()
    func unlock()
}

final class Player: Pausable {
    private(set) var isLocked = false
    func lock() { isLocked = true }
    func unlock() { isLocked = false }
}

/// A real lock behind the same kind of protocol.
protocol Locking: AnyObject {
    func lock()
    func unlock()
}

final class MutexLock: Locking {
    private let inner = NSLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
}
