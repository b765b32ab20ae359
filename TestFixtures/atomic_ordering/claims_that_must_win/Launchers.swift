import Synchronization

// A compare-exchange whose loss stops the program (`precondition(….exchanged)`, a `guard` whose
// `else` traps) checks that its code runs once: nobody waits on it, so a later store of the
// expected value (a stop flag polled by a loop) does not make it a hand-made lock. A claim that
// a loser gives up on quietly (`guard … else { return }`) and that is set back elsewhere is one.

/// Shape 1: the result bound by `let`, then required by `precondition`.
final class Launcher: Sendable {
    private let running = Atomic<Bool>(false)

    func launch() {
        let claimed = self.running.compareExchange(expected: false, desired: true, ordering: .relaxed)
        precondition(claimed.exchanged, "launch must only be called once")
        while running.load(ordering: .relaxed) { break }
    }

    func stop() {
        running.store(false, ordering: .relaxed)
    }
}

/// Near miss: a loser returns quietly, and `finish()` sets the flag back: a try-lock.
final class Flusher: Sendable {
    private let busy = Atomic<Bool>(false)

    func flush() {
        guard busy.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return } // expect: atomic_ordering
        finish()
    }

    func finish() {
        busy.store(false, ordering: .relaxed)
    }
}
