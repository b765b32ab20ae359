import Foundation

/// Its own code calls `rearm(with:)` on its queue, but another type calls it off the queue:
/// the member's accesses are not held by its in-class callers alone.
final class Relay: @unchecked Sendable {
    private let lane = DispatchQueue(label: "relay")
    private var sink: ((Int) -> Void)?

    func deliver(_ v: Int) { lane.async { self.sink?(v) } }
    func retry() { lane.async { if let s = self.sink { self.rearm(with: s) } } }

    func rearm(with s: @escaping (Int) -> Void) {
        sink = s // expect: unchecked_sendable_unguarded
    }
    func detach() { lane.sync { sink = nil } }
}

/// Same shape, entered from another type through an optional parameter, with a setter in between.
final class Pump: @unchecked Sendable {
    private let line = DispatchQueue(label: "pump")
    private var rate = 0
    var speed: Int {
        get { line.sync { rate } }
        set { rate = newValue } // expect: unchecked_sendable_unguarded
    }
    func bump() { line.async { self.speed = self.rate + 1 } }
    func idle() { line.sync { rate = 0 } }
}

/// Near miss: every caller in the run, its own and another type's, is on the queue.
final class Ledger: @unchecked Sendable {
    let books = DispatchQueue(label: "books")
    private var total = 0
    func post(_ v: Int) { total += v }
    func settle() { books.async { self.post(1) } }
    func clear() { books.sync { total = 0 } }
}

/// Near miss: another type calls a method of the same name on a type of its own.
final class Beacon: @unchecked Sendable {
    private let air = DispatchQueue(label: "air")
    private var pings = 0
    func ping() { pings += 1 }
    func tick() { air.async { self.ping() } }
    func reset() { air.sync { pings = 0 } }
}
