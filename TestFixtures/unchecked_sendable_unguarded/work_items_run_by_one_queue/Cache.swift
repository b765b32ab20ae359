import Foundation

// The class's queue and state in this file; the items are built in an extension in another file.
final class Cache: @unchecked Sendable {
    let queue = DispatchQueue(label: "cache")
    var entries: [String: Int] = [:]
    var evictions = 0
    var hits = 0

    func value(_ key: String) -> Int? { queue.sync { entries[key] } }
    func counts() -> (Int, Int) { queue.sync { (evictions, hits) } }
}

// A work item in a private property, rebuilt in a method and run only by the class's queue;
// the state it touches is also used on that queue from an extension in another file.
final class Throttle: @unchecked Sendable {
    let queue = DispatchQueue(label: "throttle")
    var queued: [String] = []
    var flushed = 0
    private var flush: DispatchWorkItem?
    private var retry: DispatchWorkItem?

    func arm() {
        flush?.cancel()
        flush = DispatchWorkItem(flags: .inheritQoS) { [weak self] in // expect: unchecked_sendable_unguarded
            guard let self else { return }
            self.flushed += self.queued.count
            self.queued.removeAll()
        }
        self.queue.async(execute: self.flush!)
    }

    // This one is also handed to a caller, who may run it anywhere.
    func armRetry() -> DispatchWorkItem? {
        retry = DispatchWorkItem { self.flushed = 0 } // expect: unchecked_sendable_unguarded, unchecked_sendable_unguarded
        queue.async(execute: retry!)
        return retry
    }
}
