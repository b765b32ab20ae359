import Foundation

// A lock of the parent that created the object and passed itself in: the child's vars are not
// guarded by it when the child's own writes never take it and most of its accesses do not.
final class Session {
    let stateLock = NSRecursiveLock()
    lazy var channel = Channel(owner: self)
}

final class Channel {
    unowned let owner: Session
    var window = 0

    init(owner: Session) {
        self.owner = owner
    }

    func open() {
        window = 64
    }

    func grow() {
        DispatchQueue.main.async { self.window *= 2 }
    }

    func describe() -> String {
        "window \(window)"
    }

    func canSend() -> Bool {
        window > 0
    }

    func sessionDidFlush() {
        owner.stateLock.lock()
        print(window)
        owner.stateLock.unlock()
    }
}

// The parent's lock taken around every write, and around most reads: the read without it is
// reported.
final class Stream {
    unowned let owner: Session
    var sent = 0

    init(owner: Session) {
        self.owner = owner
    }

    func record(_ n: Int) {
        owner.stateLock.lock()
        sent += n
        owner.stateLock.unlock()
    }

    func reset() {
        owner.stateLock.lock()
        sent = 0
        owner.stateLock.unlock()
    }

    func total() -> Int {
        owner.stateLock.lock()
        defer { owner.stateLock.unlock() }
        return sent
    }

    func dump() {
        print("sent", sent) // expect: inconsistent_locking
    }
}
