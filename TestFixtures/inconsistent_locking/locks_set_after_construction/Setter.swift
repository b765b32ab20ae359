import Foundation

// A third shape: the lock var is set through a method of a protocol the class adopts, with a
// closure form on it.
protocol Lockable: AnyObject {
    func install(_ lock: NSLock)
}

final class Plugged: Lockable {
    private var guardLock: NSLock?
    private var items: [Int] = []

    func install(_ lock: NSLock) {
        self.guardLock = lock
    }

    func push(_ n: Int) {
        guardLock?.lock()
        items.append(n)
        guardLock?.unlock()
    }

    func pop() {
        guardLock?.lock()
        defer { guardLock?.unlock() }
        _ = items.popLast()
    }

    func size() -> Int { items.count }
}
