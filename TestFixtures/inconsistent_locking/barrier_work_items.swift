import Foundation

// A work item made with `flags: .barrier` runs alone on the concurrent queue it is submitted
// to, whether with `async(execute:)` or `asyncAfter(deadline:execute:)`; one made without
// the flag runs beside the queue's readers.
final class SessionTable {
    private let queue = DispatchQueue(label: "sessions", attributes: .concurrent)
    private var sessions: [String: Int] = [:]
    private var expiries: [String: Date] = [:]

    func session(_ id: String) -> Int? {
        queue.sync { sessions[id] }
    }

    func expiry(_ id: String) -> Date? {
        queue.sync { expiries[id] }
    }

    func add(_ id: String, _ value: Int) {
        queue.async(flags: .barrier) {
            self.sessions[id] = value
            self.expiries[id] = Date()
        }
    }

    // Quiet: the timeout item is a barrier block, submitted later.
    func expire(_ id: String, after seconds: Double) {
        let timeout = DispatchWorkItem(flags: .barrier) { [weak self] in
            guard let self else { return }
            self.sessions[id] = nil
            self.expiries[id] = nil
        }
        queue.asyncAfter(deadline: .now() + seconds, execute: timeout)
    }

    // Quiet: a barrier item with more flags, submitted at once.
    func drop(_ id: String) {
        let work = DispatchWorkItem(qos: .utility, flags: [.barrier, .enforceQoS]) {
            self.sessions.removeValue(forKey: id)
        }
        queue.async(execute: work)
    }

    // Fires: an item without the flag is a plain block of the concurrent queue.
    func reset(_ id: String) {
        let plain = DispatchWorkItem(flags: .inheritQoS) {
            self.expiries[id] = nil // expect: inconsistent_locking
        }
        queue.asyncAfter(deadline: .now() + 1, execute: plain)
    }
}

// A closure kept in a local and run as a barrier block with `sync(flags: .barrier, execute:)`,
// or called directly where the code has checked it already runs on that queue.
final class PinStore {
    private let queue = DispatchQueue(label: "pins", attributes: .concurrent)
    private let key = DispatchSpecificKey<Int>()
    private var pinned: Set<String> = []
    private var bindings: [String: String] = [:]

    init() {
        queue.setSpecific(key: key, value: 1)
    }

    func isPinned(_ f: String) -> Bool {
        queue.sync { pinned.contains(f) }
    }

    var pinCount: Int {
        queue.sync { pinned.count }
    }

    func clearPins() {
        queue.async(flags: .barrier) { self.pinned.removeAll() }
    }

    func binding(_ f: String) -> String? {
        queue.sync { bindings[f] }
    }

    func bind(_ f: String, _ b: String) {
        queue.async(flags: .barrier) { self.bindings[f] = b }
    }

    // Quiet: both places the closure runs are on the queue, the second as a barrier.
    func pin(_ f: String) {
        let insert = {
            var all = self.pinned
            guard all.insert(f).inserted else { return }
            self.pinned = all
        }
        if DispatchQueue.getSpecific(key: key) != nil {
            insert()
        } else {
            queue.sync(flags: .barrier, execute: insert)
        }
    }

    // Quiet: the same, with the fast path compared to the value set.
    func rebind(_ f: String, _ b: String) {
        let write = { self.bindings[f] = b }
        if DispatchQueue.getSpecific(key: key) == 1 {
            write()
        } else {
            queue.sync(flags: .barrier, execute: write)
        }
    }

    // Fires: the closure is also called with no check of where it runs.
    func unpin(_ f: String) {
        let remove = {
            self.pinned.remove(f) // expect: inconsistent_locking
        }
        if f.isEmpty {
            remove()
        } else {
            queue.sync(flags: .barrier, execute: remove)
        }
    }

    // Fires: submitted as a plain block, the closure writes beside the readers.
    func unbind(_ f: String) {
        let clear = { self.bindings[f] = nil } // expect: inconsistent_locking
        queue.sync(execute: clear)
    }
}
