import Foundation

// A computed property with a getter and a setter, used (read and set) only with the guard held:
// its writes hold both locks, its reads stateLock alone.
final class Cursor {
    private let stateLock = NSLock()
    private let flushLock = NSLock()
    private var positions: [Int] = [0]

    private var head: Int {
        get { positions[0] }
        set { positions[0] = newValue }
    }

    func advance() {
        flushLock.lock()
        stateLock.lock()
        head += 1
        stateLock.unlock()
        flushLock.unlock()
    }

    func rewind() {
        flushLock.lock()
        defer { flushLock.unlock() }
        stateLock.lock()
        head = 0
        stateLock.unlock()
    }

    // Quiet: stateLock is held at every access; flushLock only at the writes.
    func current() -> Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return self.head
    }
}

// The same shape with one read outside both locks: reported, as lacking stateLock.
final class Marker {
    private let stateLock = NSLock()
    private let flushLock = NSLock()
    private var marks: [Int] = [0]

    private var last: Int {
        get { marks[0] }
        set { marks[0] = newValue }
    }

    func bump() {
        flushLock.lock()
        stateLock.lock()
        last += 1
        stateLock.unlock()
        flushLock.unlock()
    }

    func current() -> Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return last
    }

    func peek() -> Int {
        marks[0] // expect: inconsistent_locking
    }
}
