import Foundation

// Classes in another file that guard their state with the wrappers of Gate.swift.

final class Registry: @unchecked Sendable {
    private let gate = Gate()
    private var entries: [String: Int] = [:]
    private var hits = 0
    func add(_ k: String, _ v: Int) { gate.perform { entries[k] = v } }
    func lookup(_ k: String) -> Int? {
        gate.perform {
            hits += 1
            return entries[k]
        }
    }
    func reset() { hits = 0 } // expect: unchecked_sendable_unguarded
}

// A class whose only "lock" is a value box: the box guards its own value, not 'pending'.
final class Outbox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let sent = Shelf([String]())
    private var pending: String?
    func stage(_ s: String) { pending = s }
    func flush() { let p = pending ?? ""; sent.withLockedValue { $0.append(p) } }
}

// Closures given to helpers that run them outside their lock, or keep them for later, are not
// run under any lock.
final class Settings: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let once = Once<Int>()
    private var loads = 0
    func value() -> Int { once.get { self.loads += 1; return self.loads } }
    func reset() { loads = 0 }
}

final class Dispatcher: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let list = JobList()
    private var fired = 0
    func schedule() { list.enqueue { self.fired += 1 } }
    func clear() { fired = 0 }
}
