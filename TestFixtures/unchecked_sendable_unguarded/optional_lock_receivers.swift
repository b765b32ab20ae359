import Foundation

// A lock held in an optional (or implicitly unwrapped) property is one guard however the
// receiver unwraps it: `lock?.lock()`, `lock!.withLock { }` and `self.lock?.unlock()` exclude
// each other. Only the access that takes none of them is reported.

final class Box: @unchecked Sendable {
    private var lock: NSLock? = NSLock()
    private var value = 0

    func set(_ v: Int) {
        lock?.lock()
        defer { lock?.unlock() }
        value = v
    }

    func get() -> Int {
        lock!.withLock { value }
    }

    func peek() -> Int { value } // expect: unchecked_sendable_unguarded
}

final class Ledger: @unchecked Sendable {
    var guardLock: NSLock!
    private var entries: [String] = []

    init() { guardLock = NSLock() }

    func add(_ e: String) {
        guardLock.lock()
        entries.append(e)
        self.guardLock?.unlock()
    }

    func all() -> [String] {
        guardLock!.lock()
        defer { guardLock.unlock() }
        return entries
    }
}

protocol Exclusive: AnyObject, Sendable {
    func lock()
    func unlock()
}

final class Slot: @unchecked Sendable {
    private weak var gate: (any Exclusive)?
    private var item: Int?

    func put(_ i: Int) {
        gate?.lock()
        defer { self.gate?.unlock() }
        item = i
    }

    func take() -> Int? {
        gate?.lock()
        defer { gate?.unlock() }
        let i = item
        item = nil
        return i
    }
}
