import Foundation

/// Quiet: every access to `pending` runs in a closure handed to `store.write`, on the store's
/// context queue; the posting queue guards nothing here.
final class Center: @unchecked Sendable {
    let store: Store
    var postingQueue = DispatchQueue(label: "center.posting")
    private var pending: Set<Int> = []

    init(store: Store) { self.store = store }

    func process(_ ids: [Int]) {
        store.write({ _ in
            self.pending = Set(ids)
            self.pending.removeAll()
        }, completion: { _ in
            self.postingQueue.async { print(ids) }
        })
    }

    func mark(_ id: Int) {
        store.write { _ in self.pending.insert(id) }
    }
}

/// Fires: the same state, and one write made outside the context's queue.
final class LooseCenter: @unchecked Sendable {
    let store: Store
    private var seen: Set<Int> = []

    init(store: Store) { self.store = store }

    func mark(_ id: Int) {
        store.write { _ in self.seen.insert(id) }
    }

    func reset() {
        seen = [] // expect: unchecked_sendable_unguarded
    }
}
