import Foundation

// A holder of state with a lock and no behaviour of its own: the class that owns it fills it
// and reads it through the reference, under the holder's lock (a closure method, or the lock
// copied into a local first).
final class Endpoint {
    final class Shared: @unchecked Sendable {
        fileprivate let lock = NSLock()
        fileprivate var peers: [String: Int] = [:]
        fileprivate var inbox: [Data] = []
    }

    private var shared: Shared!

    init(name: String) {
        shared = Shared()
        shared.peers[name] = 0
    }

    func connect(_ name: String, _ fd: Int) {
        shared.lock.withLock {
            shared.peers[name] = fd
        }
    }

    func receive(_ d: Data) {
        let lock = shared.lock
        lock.lock()
        shared.inbox.append(d)
        lock.unlock()
    }

    func drain() -> [Data] {
        shared.lock.withLock {
            let out = shared.inbox
            shared.inbox = []
            return out
        }
    }
}

// Near-miss: a holder whose lock nobody takes.
final class Stash: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    let guardLock = NSLock()
    var items: [Int] = []
}

final class StashUser {
    let stash = Stash()
    func add(_ n: Int) { stash.items.append(n); stash.items = stash.items.sorted() }
}
