import Foundation

// A local copy of the stored lock (`let lock = self.lock`) is that lock: taking it holds the
// property's lock, also in a closure that captured the copy.
final class Orders {
    let lock = NSLock()
    let stateLock = NSLock()
    var waitlist: [Int] = []
    var next = 0
    var state = 0

    func add(_ x: Int) {
        lock.withLock { waitlist.append(x); next += 1 }
    }

    func count() -> Int {
        lock.withLock { waitlist.count }
    }

    func bump() {
        stateLock.lock()
        defer { stateLock.unlock() }
        state += 1
    }

    func current() -> Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return state
    }

    // Quiet: the copy captured by a closure that runs later.
    func reset() {
        let lock = self.lock
        DispatchQueue.global().async { [weak self] in
            guard let self else { return }
            lock.withLock {
                self.waitlist.removeAll()
                self.next = 0
            }
        }
    }

    // Quiet: a copy under another name, taken and released by hand.
    func clearState() {
        let guardLock = stateLock
        guardLock.lock()
        defer { guardLock.unlock() }
        state = 0
    }

    // Fires: a lock made for this call guards nothing of the class.
    func drop() {
        let scratch = NSLock()
        scratch.withLock {
            waitlist.removeAll() // expect: inconsistent_locking
        }
    }
}
