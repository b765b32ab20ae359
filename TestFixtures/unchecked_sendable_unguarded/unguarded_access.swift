import Foundation

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var history: [Int] = []

    func increment() {
        lock.withLock {
            count += 1
            history.append(count)
        }
    }

    // Unguarded: a computed property, a second method, and a closure that runs later.
    var current: Int { count } // expect: unchecked_sendable_unguarded

    func reset() {
        count = 0 // expect: unchecked_sendable_unguarded
        lock.withLock { history.removeAll() }
    }

    func later() {
        lock.withLock {
            Task { self.count += 1 } // expect: unchecked_sendable_unguarded
        }
    }

    func afterUnlock() {
        lock.lock()
        history.append(1)
        lock.unlock()
        history.append(2) // expect: unchecked_sendable_unguarded
    }

    private func helperCalledUnguarded() {
        history.removeAll() // expect: unchecked_sendable_unguarded
    }

    func callers() {
        lock.withLock { helperCalledUnguarded() }
        helperCalledUnguarded()
    }
}

final class TwoLocks: @unchecked Sendable {
    private let lock = NSLock()
    private let otherLock = NSLock()
    private var items: [String: Int] = [:]

    func get(_ k: String) -> Int? { lock.withLock { items[k] } }
    func set(_ k: String, _ v: Int) { lock.withLock { items[k] = v } }
    func clear() {
        otherLock.withLock {
            items = [:] // expect: unchecked_sendable_unguarded
        }
    }
}

public final class NoLock<Element>: @unchecked Sendable // expect: unchecked_sendable_unguarded
    where Element: Sendable
{
    public var elements: [Element] = []
    private(set) var count = 0
    weak var delegate: AnyObject? // never assigned after init: in effect a let, not reported
    let fixed = 1
    static var shared = 0

    func add(_ e: Element) {
        elements.append(e)
        count += 1
    }
}

final class
    Attributed: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    @available(*, deprecated)
    var legacy = 0
    func bump() { legacy += 1 }
}

final class MixedLocks: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func toggle() {
        objc_sync_enter(self)
        flag.toggle() // expect: unchecked_sendable_unguarded
        objc_sync_exit(self)
    }
    func read() -> Bool { lock.withLock { flag } }
    func write() { lock.withLock { flag = true } }
}

/// A mutable box with no behaviour: whoever holds it writes its vars.
final class MutableBox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var value = 0
    var label: String?
}
