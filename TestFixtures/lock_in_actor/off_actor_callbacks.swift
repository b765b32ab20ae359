import Foundation
import Synchronization

// Locks made in an actor's members but taken only by code that runs off the actor: a callback
// another object calls on its own thread, a detached task, a block on another queue, a member
// that is `nonisolated`. Blocking there never stalls the actor.
actor Uploader {
    private let pipe = Pipe()
    private var onProgress: (() -> Void)?

    // Quiet: the Mutex is taken only in the handler the file handle calls on its own queue.
    func stream(_ data: Data) {
        let offset = Mutex(0)
        pipe.fileHandleForWriting.writeabilityHandler = { handle in
            offset.withLock { start in
                handle.write(data[start...])
                start = data.count
            }
        }
    }

    // Quiet: another spelling, a semaphore made and waited on in a block on a global queue.
    func warm() {
        DispatchQueue.global().async {
            let done = DispatchSemaphore(value: 0)
            Self.prefetch { done.signal() }
            done.wait()
        }
    }

    // Quiet: a closure marked `@Sendable`, handed to a function of another type.
    func observe() {
        let seen = NSLock()
        Observers.add { @Sendable in
            seen.lock()
            seen.unlock()
        }
    }

    // Quiet: a detached task, through a wrapper (`withLock`) inside it.
    func count() {
        let total = NSLock()
        Task.detached {
            total.withLock { _ = 1 }
        }
    }

    // Fires: the lock is also taken in the method itself, on the actor.
    func streamLocked(_ data: Data) {
        let offset = Mutex(0) // expect: lock_in_actor
        offset.withLock { $0 = 0 }
        pipe.fileHandleForWriting.writeabilityHandler = { handle in
            offset.withLock { $0 = data.count }
        }
    }

    // Fires: a closure stored in the actor's own property runs when the actor calls it.
    func track() {
        let lock = NSLock() // expect: lock_in_actor
        self.onProgress = {
            lock.lock()
            lock.unlock()
        }
    }

    // Fires: a plain `Task` inherits the actor; its body runs on it.
    func refresh() {
        let lock = NSLock() // expect: lock_in_actor
        Task {
            lock.withLock { _ = 1 }
        }
    }

    static func prefetch(_ done: @escaping @Sendable () -> Void) { done() }
}

enum Observers {
    static func add(_ body: @escaping @Sendable () -> Void) {}
}
