import Foundation

/// A list cell class that only its owning list touches. The list reaches the cells' state in
/// its critical sections and in a helper that every call makes inside one: the cells are
/// guarded by the list's lock.
final class Chain<Value>: @unchecked Sendable {
    final class Link: @unchecked Sendable {
        var value: Value?
        var after: Link?
        init(_ value: Value?) { self.value = value }
    }

    private let mutex = NSLock()
    private var head: Link
    private var tail: Link

    init() {
        head = Link(nil)
        tail = head
    }

    func push(_ v: Value) {
        mutex.lock(); defer { mutex.unlock() }
        let l = Link(v)
        tail.after = l
        tail = l
    }

    func pop() -> Value? {
        mutex.lock(); defer { mutex.unlock() }
        return unlink()
    }

    func drain() {
        mutex.lock(); defer { mutex.unlock() }
        while unlink() != nil {}
    }

    // Expects the caller to hold `mutex`.
    private func unlink() -> Value? {
        guard let first = head.after else { return nil }
        let v = first.value
        first.value = nil
        head = first
        return v
    }
}

/// Near miss: one call of the helper is made without the lock, so the cells are not guarded.
final class LooseChain<Value>: @unchecked Sendable {
    final class Cell: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var payload: Value?
        var link: Cell?
        init(_ payload: Value?) { self.payload = payload }
    }

    private let mutex = NSLock()
    private var first: Cell
    private var last: Cell

    init() {
        first = Cell(nil)
        last = first
    }

    func push(_ v: Value) {
        mutex.lock(); defer { mutex.unlock() }
        let c = Cell(v)
        last.link = c
        last = c
    }

    func pop() -> Value? {
        mutex.lock(); defer { mutex.unlock() }
        return detach()
    }

    func peekUnsafely() -> Value? { detach() }

    private func detach() -> Value? {
        guard let c = first.link else { return nil } // expect: unchecked_sendable_unguarded
        let v = c.payload
        c.payload = nil
        first = c
        return v
    }
}
