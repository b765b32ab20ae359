import Foundation

final class Refresher: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false

    // The guard's early release frees the lock only on the path that returns: the await after
    // the guard still runs with the lock held.
    func refresh() async {
        lock.lock()
        guard !busy else {
            lock.unlock()
            return
        }
        busy = true
        await reload() // expect: await_in_lock
        busy = false
        lock.unlock()
    }

    // Every path releases before it suspends.
    func poll(_ mode: Int) async {
        lock.lock()
        switch mode {
        case 0:
            lock.unlock()
            await reload()
        default:
            busy = false
            lock.unlock()
        }
        await reload()
    }

    // A helper that unlocks the lock its caller took releases it before the await.
    func handOver() async {
        lock.lock()
        busy = true
        releaseBusy()
        await reload()
    }

    private func releaseBusy() {
        busy = false
        lock.unlock()
    }

    // An asynchronous lock (its acquire is awaited) exists to be held across suspensions.
    func serialized(_ gate: AsyncGate) async {
        await gate.lock()
        await reload()
        gate.unlock()
    }

    func reload() async {}
}

final class AsyncGate: @unchecked Sendable {
    func lock() async {}
    func unlock() {}
}
