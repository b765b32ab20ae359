import Foundation

// The body of a new thread runs after the code that starts it goes on: a lock held around
// `Thread.detachNewThread { }` or `Thread { }.start()` is not held in the body.
final class Recorder {
    private let lock = NSLock()
    private var frames: [Int] = []

    func add(_ f: Int) {
        lock.withLock { frames.append(f) }
    }

    // Fires: the lock is released before the thread runs.
    func flushInBackground() {
        lock.lock()
        Thread.detachNewThread {
            self.frames.removeAll() // expect: inconsistent_locking
        }
        lock.unlock()
    }

    // Quiet: the thread takes the lock itself.
    func trimInBackground() {
        Thread.detachNewThread {
            self.lock.lock()
            self.frames.removeFirst()
            self.lock.unlock()
        }
    }
}
