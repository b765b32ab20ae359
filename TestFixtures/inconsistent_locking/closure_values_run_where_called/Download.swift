import Foundation

/// A closure kept in a local runs where it is called: when every call holds the queue, so does
/// its body, wherever it is written.
final class Download {
    private let queue = DispatchQueue(label: "download")
    private var timer: DispatchSourceTimer?
    private var finished = false

    // Quiet: `finish` is called only in blocks on `queue` (one of them a timer's handler given
    // the queue).
    func start() {
        let finish = { [weak self] (ok: Bool) in
            guard let self, !self.finished else { return }
            defer {
                self.finished = true
                self.timer?.cancel()
                self.timer = nil
            }
            print(ok)
        }
        queue.async {
            self.timer = DispatchSource.makeTimerSource(queue: self.queue)
            finish(true)
        }
        queue.asyncAfter(deadline: .now() + 5) {
            finish(false)
        }
    }

    // Fires: one call of `report` runs outside the queue.
    func probe() {
        let report: () -> Void = {
            print(self.finished) // expect: inconsistent_locking
        }
        queue.async { report() }
        report()
    }

    // Fires: the closure is handed to code the tool does not see run it.
    func handOut() -> () -> Void {
        let reset = { self.finished = false } // expect: inconsistent_locking
        queue.async { reset() }
        return reset
    }

    func restart() {
        queue.async { self.finished = false }
    }
}
