import Foundation

// Queues recognised by what the code submits to them.

private let sharedQueue = DispatchQueue(label: "registry", attributes: .concurrent)

/// A file-level concurrent queue used as a reader-writer lock: plain `sync` blocks read, barrier
/// blocks write.
final class Registry {
    private var entries: [String: Int] = [:]
    func value(_ k: String) -> Int? { sharedQueue.sync { entries[k] } }
    func set(_ k: String, _ v: Int) { sharedQueue.async(flags: .barrier) { self.entries[k] = v } }
    func remove(_ k: String) { sharedQueue.async { self.entries[k] = nil } } // expect: inconsistent_locking
    func count() -> Int { entries.count } // expect: inconsistent_locking
}

/// A serial queue that targets a global queue is still serial.
final class Uploader {
    private let queue = DispatchQueue(label: "uploads", target: .global(qos: .utility))
    private var pending: [Int] = []
    func enqueue(_ id: Int) { queue.async { self.pending.append(id) } }
    func drain() { queue.sync { pending.removeAll() } }
    func peek() -> Int? { pending.first } // expect: inconsistent_locking
}

/// An OperationQueue limited to one operation at a time is a serial queue.
final class Importer {
    private let operations: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    private var imported = 0
    func run() { operations.addOperation { self.imported += 1 } }
    func reset() { imported = 0 } // expect: inconsistent_locking
}

/// A var written under two different queues in two methods: neither excludes the other.
final class Relay {
    private let inbound = DispatchQueue(label: "in")
    private let outbound = DispatchQueue(label: "out")
    private var lastSeen = 0
    func receive(_ x: Int) { inbound.async { self.lastSeen = x } }
    func forward() { outbound.async { print(self.lastSeen) } } // expect: inconsistent_locking
}

/// Quiet: a global queue is not a guard (its blocks run concurrently), so nothing here shows the
/// var is guarded; and a queue made for one call guards nothing either.
final class Background {
    private var done = 0
    func work() { DispatchQueue.global().async { self.done += 1 } }
    func local() {
        let q = DispatchQueue(label: "once")
        q.async { self.done += 1 }
    }
    func read() -> Int { done }
}

/// Quiet: every access runs on the serial queue (reads with sync, writes with async).
final class Serialized {
    private let queue = DispatchQueue(label: "serial")
    private var log: [String] = []
    func append(_ s: String) { queue.async { self.log.append(s) } }
    func snapshot() -> [String] { queue.sync { log } }
}
