import Foundation

extension Cache {
    // Built here, run only by the class's queue (spelled through self and with a wall deadline).
    func store(_ key: String, _ value: Int) {
        let work = DispatchWorkItem {
            self.entries[key] = value
        }
        self.queue.asyncAfter(wallDeadline: .now() + 1, execute: work)
    }

    func evict(after seconds: Double) {
        let work = DispatchWorkItem { [weak self] in
            self?.entries.removeAll()
            self?.evictions += 1
        }
        queue.asyncAfter(deadline: .now() + seconds, execute: work)
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds * 2) { work.cancel() }
    }

    // Run here and now as well as on the queue: the block also runs on the caller's thread.
    func touch() {
        let work = DispatchWorkItem { self.hits += 1 } // expect: unchecked_sendable_unguarded
        queue.async(execute: work)
        work.perform()
    }
}

extension Throttle {
    func add(_ s: String) { queue.sync { queued.append(s) } }
    var total: Int { queue.sync { flushed } }
}
