import Foundation

// Shape 2: a closure calls back through `self?.`, leaving the argument out that calls back with `self?.`: the default takes the lock.
final class Session {
    private let lock = NSLock()
    private var generation: UInt64 = 0
    private var item: DispatchWorkItem?

    func schedule() {
        lock.lock()
        generation &+= 1
        let g = generation
        let work = DispatchWorkItem { [weak self] in
            self?.expire(generation: g)
        }
        item = work
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: work)
    }

    func now() {
        lock.lock()
        expire(generation: generation, lockIsHeld: true)
    }

    private func expire(generation expected: UInt64, lockIsHeld: Bool = false) {
        if !lockIsHeld { lock.lock() }
        guard expected == generation else {
            lock.unlock()
            return
        }
        item = nil
        lock.unlock()
    }
}

// Near miss: a call passes `true` without holding the lock.
final class Broken {
    private let lock = NSLock()
    private var generation: UInt64 = 0

    func bump() {
        lock.lock()
        generation &+= 1
        lock.unlock()
    }

    func poke() {
        expire(generation: 1, lockIsHeld: true)
    }

    private func expire(generation expected: UInt64, lockIsHeld: Bool = false) {
        if !lockIsHeld { lock.lock() }
        if expected == generation { generation = 0 } // expect: inconsistent_locking
        lock.unlock()
    }
}
