import Foundation

// The initializer starts the engine's thread; the extension in the other file reads the state
// under the lock, and writes one var itself.
final class Engine {
    let lock = NSLock()
    var started: Bool
    var phase = 0

    init() {
        started = false
        let thread = Thread(block: { [weak self] in
            guard let self else { return }
            // Quiet: `started` is written only below, on this thread (and in init before it).
            guard !self.started else { return }
            // Fires: `rewind()` in the other file writes `phase` from another entry point.
            let at = self.phase // expect: inconsistent_locking
            self.lock.lock()
            self.started = true
            self.phase = at + 1
            self.lock.unlock()
        })
        thread.start()
    }
}
