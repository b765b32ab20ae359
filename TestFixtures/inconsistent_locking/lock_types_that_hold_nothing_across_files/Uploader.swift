import Foundation

final class Uploader {
    private let inFlight = InFlight()
    private let turn = Turnstile()
    private var pending: [String] = []
    private var sent = 0

    // Quiet: `inFlight` counts uploads; it guards nothing.
    func start(_ name: String) {
        inFlight.lock()
        pending.append(name)
    }

    func done() {
        pending.removeFirst()
        inFlight.unlock()
    }

    func peek() -> String? {
        inFlight.lock()
        defer { inFlight.unlock() }
        return pending.first
    }

    // `turn` excludes: `sent` is guarded by it.
    func record() {
        turn.lock()
        sent += 1
        turn.unlock()
    }

    func reset() {
        turn.lock()
        defer { turn.unlock() }
        sent = 0
    }

    // Fires: outside `turn`.
    func total() -> Int {
        sent // expect: inconsistent_locking
    }
}
