import Foundation

// A class that hands its serial queue to other code may be called back on it there, so a member
// nothing in the run calls is not judged. Two things still tell where such a member runs:
// isolation to the main actor (its own `@MainActor`, or its extension's), which keeps it on the
// main thread however it is reached (a `#selector`, a method named as a value); and hand-outs
// whose callbacks the code shows (closures set on the object it was given), which leave no
// unseen code running on the queue.

/// Shape 1: a timer source made on the queue, and a `@MainActor` observer method named by
/// `#selector`, which stops the timer on the main thread while the queue reschedules it.
final class Uploader: NSObject {
    private let uploadQueue = DispatchQueue(label: "uploads")
    private var timer: DispatchSourceTimer?
    private var failures = 0

    override init() {
        super.init()
        NotificationCenter.default.addObserver(self, selector: #selector(appDidSleep), name: .init("sleep"), object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(appDidWake), name: .init("wake"), object: nil)
    }

    func kick() {
        uploadQueue.async {
            self.failures = 0
            self.reschedule()
        }
    }

    func failed() {
        uploadQueue.async {
            self.failures += 1
            self.reschedule()
        }
    }

    private func reschedule() {
        timer?.cancel()
        let t = DispatchSource.makeTimerSource(queue: uploadQueue)
        t.setEventHandler { [weak self] in self?.kick() }
        t.resume()
        timer = t
    }

    @MainActor
    @objc func appDidSleep() {
        timer?.cancel() // expect: inconsistent_locking
        timer = nil
    }

    // Quiet: not isolated, and named by a selector, so the tool cannot tell where it runs.
    @objc func appDidWake() {
        timer?.cancel()
        timer = nil
    }
}
