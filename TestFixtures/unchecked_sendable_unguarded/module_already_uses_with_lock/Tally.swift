import Synchronization

// Quiet: the state lives inside the Mutex.
final class Tally: Sendable {
    private let state = Mutex(0)
    func add() { state.withLock { $0 += 1 } }
    func read() -> Int { state.withLock { $0 } }
}
