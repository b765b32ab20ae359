import Foundation

@MainActor final class Attempt {
    let onDone = Relay<Int>()
    func finish() { onDone.call(1) }
}

// The lock is taken only in main-actor code, and the closures made there run there too: every
// access in the module is ordered by the main actor. The public getter can be read from any
// thread, and takes no lock.
public final class Logins: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Attempt?
    private var total = 0

    public var isRunning: Bool {
        current != nil // expect: unchecked_sendable_unguarded
    }

    @MainActor func start() {
        lock.lock()
        defer { lock.unlock() }
        if let running = current { running.onDone.call(0) }
        let attempt = Attempt()
        attempt.onDone.delegate { _ in
            self.current = nil
        }
        attempt.onDone.delegate { [weak self] code in
            Task {
                guard let self, self.current != nil else { return }
                self.current = nil
                self.total += code // expect: unchecked_sendable_unguarded
            }
        }
        current = attempt
        total += 1
    }

    @MainActor func reset() {
        Task { self.current = nil }
    }

    // A `Task { }` made on the main actor runs there, and 'total' is read under the lock off it
    // too: the finding above names this write as its second place.
    @MainActor func clear() {
        Task { self.total = 0 }
    }

    func count() -> Int {
        lock.lock(); defer { lock.unlock() }
        return total
    }
}
