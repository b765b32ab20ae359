import Foundation

/// Two private overloads of `post`: the short one leaves its defaulted arguments out and calls
/// the long one. Every call of either holds the lock, so the helper they reach needs no lock of
/// its own (taking it there would deadlock the callers).
final class Poster {
    private var stateLock = NSLock()
    private var config = 0
    private var count = 0

    func update(_ v: Int) {
        stateLock.lock()
        defer { stateLock.unlock() }
        config = v
        emit(v)
    }

    func stop() {
        stateLock.lock()
        post("stop", count)
        stateLock.unlock()
    }

    func processing() {
        stateLock.lock()
        count += 1
        post(count)
        stateLock.unlock()
    }
}

private extension Poster {
    func emit(_ n: Int) {
        post("emit", n, flag: resolve())
    }

    func resolve() -> Bool {
        config > 0  // Quiet: every caller of every overload holds stateLock.
    }

    func post(_ snapshot: String, _ v: Int, flag: Bool = false, fallback: Bool = true) {
        if fallback, resolve() {
            print(snapshot, v, flag)
        }
    }

    func post(_ v: Int, flag: Bool = false, fallback: Bool = true) {
        post(
            "short",
            v,
            flag: flag,
            fallback: fallback
        )
    }
}
