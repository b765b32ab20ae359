import Foundation

// A wrapper that calls its closure directly when `DispatchQueue.getSpecific(key:)` shows the
// code already runs on the queue the class marked with that key (`setSpecific`), and otherwise
// hands it to that queue's `sync`, runs it on that queue either way.

/// Quiet: `onQueue` runs every closure on `queue`; the helper is called only from them. Fires for
/// the read outside any wrapper call.
final class Catalog {
    private static let marker = DispatchSpecificKey<UInt8>()
    private let token: UInt8 = 1
    private let queue = DispatchQueue(label: "catalog")
    private var items: [String] = []

    init() {
        queue.setSpecific(key: Self.marker, value: token)
    }

    private func onQueue<T>(_ block: () throws -> T) throws -> T {
        if DispatchQueue.getSpecific(key: Self.marker) == token {
            return try block()
        } else {
            return try queue.sync(execute: block)
        }
    }

    func insert(_ item: String) throws {
        try onQueue { items.append(item) }
    }

    func count() throws -> Int {
        try onQueue { tally() }
    }

    private func tally() -> Int {
        items.count
    }

    func insertLater(_ item: String) {
        queue.async { self.items.append(item) }
    }

    func first() -> String? {
        items.first // expect: inconsistent_locking
    }
}

/// Fires: the key checked is the one set on `other`, not on `queue`, so the direct call does not
/// run on `queue`.
final class Shelf {
    private static let mainKey = DispatchSpecificKey<Bool>()
    private static let otherKey = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "shelf")
    private let other = DispatchQueue(label: "shelf-other")
    private var books: [String] = []

    init() {
        queue.setSpecific(key: Self.mainKey, value: true)
        other.setSpecific(key: Self.otherKey, value: true)
    }

    private func onShelfQueue(_ block: () -> Void) {
        if DispatchQueue.getSpecific(key: Self.otherKey) != nil {
            block()
        } else {
            queue.sync { block() }
        }
    }

    func add(_ book: String) {
        onShelfQueue { books.append(book) } // expect: inconsistent_locking
    }

    func addLater(_ book: String) {
        queue.async { self.books.append(book) }
    }

    func all() -> [String] {
        queue.sync { books }
    }
}

/// Fires: the direct call is taken when the code is NOT on the queue.
final class Drawer {
    private static let key = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "drawer")
    private var socks = 0

    init() {
        queue.setSpecific(key: Self.key, value: true)
    }

    private func onDrawerQueue(_ block: () -> Void) {
        if DispatchQueue.getSpecific(key: Self.key) == nil {
            block()
        } else {
            queue.sync(execute: block)
        }
    }

    func add() {
        onDrawerQueue { socks += 1 } // expect: inconsistent_locking
    }

    func addLater() {
        queue.async { self.socks += 1 }
    }

    func count() -> Int {
        queue.sync { socks }
    }
}
