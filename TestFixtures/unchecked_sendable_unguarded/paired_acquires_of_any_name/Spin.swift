// Another spelling in another file: `spinLock()` / `spinUnlock()` on a stored wrapper, taken and
// released without a defer.
final class Spinner {
    private var flag = false
    func spinLock() { while flag {} ; flag = true }
    func spinUnlock() { flag = false }
}

final class Tally: @unchecked Sendable {
    private let spinner = Spinner()
    private var total = 0

    func add(_ n: Int) {
        spinner.spinLock()
        total += n
        spinner.spinUnlock()
    }

    func value() -> Int {
        spinner.spinLock()
        let v = total
        spinner.spinUnlock()
        return v
    }
}

// The release comes before the acquire on that receiver: no pair, the object holds no lock the
// tool knows, so the writes are reported as unguarded state.
final class Backwards: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let spinner = Spinner()
    private var total = 0

    func add(_ n: Int) {
        spinner.hopUnlock()
        total += n
    }

    func later() {
        spinner.hopLock()
        total = 0
    }
}

extension Spinner {
    func hopLock() {}
    func hopUnlock() {}
}
