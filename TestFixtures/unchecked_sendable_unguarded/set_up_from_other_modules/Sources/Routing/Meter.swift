import Foundation

// Near miss: this module calls `finish()` on its fresh local only after handing the local to a
// cancellation handler, which may run on another thread: not set-up, even though the test
// module calls it only on fresh instances.
final class Meter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var poll: Task<Void, Never>?

    func start() {
        poll = Task {}
    }

    func add(_ n: Int) {
        lock.lock()
        total += n
        lock.unlock()
    }

    func finish() {
        poll?.cancel()
        poll = nil // expect: unchecked_sendable_unguarded
    }
}

func measure() async {
    let meter = Meter()
    meter.start()
    await withTaskCancellationHandler {
        meter.add(1)
    } onCancel: {
        meter.finish()
    }
}
