import Foundation

// The class's own `_lock()`/`_unlock()` take its NSLock. A helper that takes the lock only
// when its flag says so, and does its other locking work under the same flag, is called with
// the lock held and the flag set: nothing is taken twice.
final class Board: @unchecked Sendable {
    private let lock = NSLock()
    private var posts: [Int] = []

    func _lock() { lock.lock() }
    func _unlock() { lock.unlock() }

    func post(_ n: Int, inBatch: Bool) {
        if !inBatch {
            _lock()
        }
        posts.append(n)
        if !inBatch {
            _unlock()
        }
        if !inBatch {
            announce()
        }
    }

    private func announce() {
        _lock()
        let count = posts.count
        _unlock()
        print(count)
    }

    func batch(_ ns: [Int]) {
        _lock()
        for n in ns { post(n, inBatch: true) }
        _unlock()
    }

    // Fires: the flag says the caller does not hold the lock, but it does.
    func wrongFlag() {
        _lock()
        post(0, inBatch: false) // expect: recursive_lock
        _unlock()
    }

    // Fires: a method that always takes the lock, called with it held.
    func twice() {
        _lock()
        defer { _unlock() }
        announce() // expect: recursive_lock
    }
}

// Another spelling: `enter()`/`leave()` in an extension, over a lock whose type is not
// recursive, and a flag compared to a literal with the work in its else-branch.
final class Relay: @unchecked Sendable {
    let gate = OSAllocatedUnfairLock()
    var hops = 0

    func forward(nested: Bool) {
        if nested == false { enter() }
        hops += 1
        if nested == false { leave() }
        if nested {
            print("nested")
        } else {
            flush()
        }
    }

    func flush() {
        enter()
        hops = 0
        leave()
    }

    func relayAll() {
        enter()
        forward(nested: true)
        leave()
    }

    // Fires: flush takes the gate again.
    func relayAndFlush() {
        enter()
        flush() // expect: recursive_lock
        leave()
    }
}

extension Relay {
    func enter() { gate.lock() }
    func leave() { gate.unlock() }
}
