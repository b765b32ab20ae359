import Foundation

// The same through a struct's method called with the engine's lock taken by hand, and through
// a closure-taking `withLock` on another path.
struct Command {
    let engine: Engine
    let delta: Int
    func run() { engine.apply(delta) }
}

struct Snapshot {
    let engine: Engine
    func take() -> Int { engine.peek() }
}

final class Engine {
    private let lock = NSLock()
    private var total = 0
    private var history: [Int] = []

    func execute(_ c: Command) {
        lock.lock()
        defer { lock.unlock() }
        c.run()
    }

    func executeAll(_ cs: [Command]) {
        lock.withLock {
            for c in cs { c.run() }
        }
    }

    func reset() {
        lock.withLock { total = 0; history = [] }
    }

    // Quiet: every `run()` of the file holds `lock`.
    fileprivate func apply(_ d: Int) {
        total += d
        history.append(d)
    }

    // Fires: `take()` is called with nothing held.
    fileprivate func peek() -> Int {
        total // expect: inconsistent_locking
    }

    func report() -> Int {
        Snapshot(engine: self).take()
    }
}
