import Foundation

// A queue declared without a value and made in `init` is what `init` makes it: with
// `.concurrent` it is a reader-writer queue, whose plain blocks run beside each other.

final class Catalog: @unchecked Sendable {
    let queue: DispatchQueue
    var entries: [String: Int] = [:]

    init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    func entry(_ key: String) -> Int? { queue.sync { entries[key] } }

    // A barrier block runs alone: quiet.
    func clear() { queue.async(flags: .barrier) { self.entries = [:] } }
}

final class Journal: @unchecked Sendable {
    let queue: DispatchQueue
    var lines: [String] = []

    init() {
        self.queue = DispatchQueue(label: "journal", qos: .utility, attributes: [.concurrent])
    }

    var count: Int { queue.sync { lines.count } }
}

// The same declaration made serial in `init`: its plain blocks are one at a time, quiet.
final class Ledger: @unchecked Sendable {
    private let queue: DispatchQueue
    private var rows: [Int] = []

    init() {
        queue = DispatchQueue(label: "ledger")
    }

    func add(_ n: Int) { queue.async { self.rows.append(n) } }
    var total: Int { queue.sync { rows.reduce(0, +) } }
}

// Made in a designated init with the attributes in a list, written in the same file.
final class Inbox: @unchecked Sendable {
    private let queue: DispatchQueue
    private var unread = 0

    init(label: String) {
        self.queue = DispatchQueue(label: label, attributes: [.concurrent])
    }

    var count: Int { queue.sync { unread } }
    func receive() { queue.sync { unread += 1 } } // expect: unchecked_sendable_unguarded
    func markRead() { queue.sync(flags: .barrier) { unread = 0 } }
}

// A base class that makes its concurrent queue in init, for subclasses to share.
class Store {
    let queue: DispatchQueue
    init() { queue = DispatchQueue(label: "store", attributes: .concurrent) }
}
