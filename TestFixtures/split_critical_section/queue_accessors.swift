import Foundation

// A reader-writer queue: the getter reads with `sync`, the setter writes with a barrier block.
// Each is exclusive on its own, but `items[key] = value` reads the whole dictionary, changes
// it, and writes it back later: another writer's change made in between is lost.
final class Registry: @unchecked Sendable {
    private let queue = DispatchQueue(label: "registry", attributes: .concurrent)
    private var _items: [String: Int] = [:]

    var items: [String: Int] {
        get { queue.sync { _items } }
        set { queue.async(flags: .barrier) { self._items = newValue } }
    }

    func register(_ key: String, _ value: Int) {
        items[key] = value // expect: split_critical_section
    }

    // The change made inside one barrier block: quiet.
    func registerAtomically(_ key: String, _ value: Int) {
        queue.async(flags: .barrier) { self._items[key] = value }
    }

    // A whole read and a whole write are each atomic: quiet.
    func replace(_ all: [String: Int]) {
        let old = items
        items = all
        print(old.count)
    }
}

// A serial queue taken with `sync` on both sides.
final class Counter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "counter")
    private var _value = 0

    var value: Int {
        get { queue.sync { _value } }
        set { queue.sync { _value = newValue } }
    }

    func increment() {
        value += 1 // expect: split_critical_section
    }
}

// A set changed in place through the same kind of pair.
final class Tags: @unchecked Sendable {
    private let isolation = DispatchQueue(label: "tags", attributes: .concurrent)
    private var storage: Set<String> = []

    var tags: Set<String> {
        get { isolation.sync { storage } }
        set { isolation.async(flags: .barrier) { self.storage = newValue } }
    }

    func tag(_ name: String) {
        tags.insert(name) // expect: split_critical_section
    }
}
