import Foundation

// A local collection that only gathers waiters' semaphores and signals them blocks no thread:
// the waits are where the semaphores were made, and judged there.
final class ReplyRouter {
    private let lock = NSLock()
    private var waiters: [Int: DispatchSemaphore] = [:] // expect: dispatch_semaphore
    private var replies: [Int: Data] = [:]

    // Quiet: filled under the lock, signalled after it.
    func deliver(_ id: Int, _ data: Data) {
        lock.lock()
        var ready = [DispatchSemaphore]()
        if let w = waiters.removeValue(forKey: id) {
            replies[id] = data
            ready.append(w)
        }
        lock.unlock()
        ready.forEach { $0.signal() }
    }

    // Quiet: the same with a typed local and a loop.
    func deliverAll(_ data: Data) {
        var release: [DispatchSemaphore] = []
        lock.lock()
        for (id, w) in waiters {
            replies[id] = data
            release.append(w)
        }
        waiters.removeAll()
        lock.unlock()
        for semaphore in release {
            semaphore.signal()
        }
    }

    // Quiet: gathered in a queue's block, each released by name.
    func cancelAll(on queue: DispatchQueue) {
        queue.async {
            self.lock.lock()
            var toWake = Array<DispatchSemaphore>()
            toWake.append(contentsOf: self.waiters.values)
            self.waiters.removeAll()
            self.lock.unlock()
            toWake.forEach { waiter in waiter.signal() }
        }
    }

    // Fires: this collection's semaphores are waited on here.
    func awaitAll(_ ids: [Int]) {
        var pending: [DispatchSemaphore] = [] // expect: dispatch_semaphore
        lock.lock()
        for id in ids {
            let s = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
            waiters[id] = s
            pending.append(s)
        }
        lock.unlock()
        pending.forEach { $0.wait() }
    }
}
