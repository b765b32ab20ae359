import Foundation

/// A thread that runs the closure it is given.
final class Runner: Thread {
    private let work: () -> Void
    init(block work: @escaping () -> Void) { self.work = work }
    override func main() { work() }
}

// The body reaches the thread through a local closure and a subclass of `Thread`: still one run,
// on that thread.
final class Loader {
    private let lock = NSLock()
    private var loaded: Bool
    private var attempts: Int
    private var runner: Runner?
    private var retry: (() -> Void)?

    init() {
        loaded = false
        attempts = 0
        let body = { [weak self] in
            guard let self else { return }
            // Quiet: the only later write of `loaded` is below, in this body.
            precondition(!self.loaded)
            self.lock.lock()
            self.loaded = true
            self.lock.unlock()
        }
        runner = Runner(block: body)
        // The closure is also kept to be called again: it may run more than once, and one
        // run's write can run beside another's read.
        let attempt = { [weak self] in
            guard let self else { return }
            print(self.attempts) // expect: inconsistent_locking
            self.lock.lock()
            self.attempts += 1
            self.lock.unlock()
        }
        runner = Runner(block: attempt)
        retry = attempt
        runner?.start()
    }

    var isLoaded: Bool {
        lock.lock()
        defer { lock.unlock() }
        return loaded && attempts > 0
    }
}
