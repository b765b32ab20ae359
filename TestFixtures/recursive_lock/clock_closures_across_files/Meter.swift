import Foundation

// Near-miss: a `var` closure whose initial value holds only values, but another file assigns it
// through a reference a closure that reads the type's locked state again.
final class ProgressMeter {
    private let lock = NSLock()
    private var done = 0
    var render: (Int) -> String = { n in "\(n) done" }

    func step() -> String {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        return render(done)  // expect: recursive_lock
    }

    func current() -> Int { lock.withLock { done } }
}
