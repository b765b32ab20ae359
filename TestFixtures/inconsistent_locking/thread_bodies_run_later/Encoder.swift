import Foundation

// Another shape: a thread made with a closure and started later, from a queue block.
final class Encoder {
    private let queue = DispatchQueue(label: "encoder")
    private var pending = 0

    func enqueue() {
        queue.async { self.pending += 1 }
    }

    // Fires: the thread's body does not run on the queue.
    func drain() {
        queue.sync {
            let t = Thread {
                self.pending = 0 // expect: inconsistent_locking
            }
            t.start()
        }
    }

    // Quiet: the thread hops onto the queue.
    func reset() {
        Thread {
            self.queue.sync { self.pending = 0 }
        }.start()
    }
}
