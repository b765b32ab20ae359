import Foundation

struct Meta { var tags: [String] = [] }
protocol Store: Sendable { func load(_ id: String) -> Meta? }

// A value found absent, made outside the lock, and stored under a second acquisition while
// another member stores a caller's value under the same lock: the fill can overwrite that
// newer value with one made from an older state.
final class Credential: @unchecked Sendable {
    private let lock = NSLock()
    private var _meta: Meta?
    let id: String
    let store: Store

    init(id: String, store: Store) { self.id = id; self.store = store }

    var meta: Meta {
        get {
            if let cached = lock.withLock({ _meta }) { return cached }
            let loaded = store.load(id) ?? Meta()
            lock.withLock { _meta = loaded } // expect: split_critical_section
            return loaded
        }
        set {
            lock.withLock { _meta = newValue }
        }
    }
}

// The same fill, with no other write of a caller's value: quiet by design (made twice, one kept).
final class Lazy: @unchecked Sendable {
    private let lock = NSLock()
    private var _meta: Meta?
    let store: Store
    init(store: Store) { self.store = store }

    var meta: Meta {
        if let cached = lock.withLock({ _meta }) { return cached }
        let loaded = store.load("x") ?? Meta()
        lock.withLock { _meta = loaded }
        return loaded
    }

    func invalidate() { lock.withLock { _meta = nil } }
}
