import Foundation

extension Meter {
    // Fires: the thread's body.
    func sampleForever() {
        Thread.detachNewThread {
            self.peak = 0 // expect: unchecked_sendable_unguarded
        }
    }

    // Quiet: a queue handed in may be the main one; the tool cannot tell.
    func sample(on queue: DispatchQueue) {
        queue.async { self.peak = 0 }
    }
}
