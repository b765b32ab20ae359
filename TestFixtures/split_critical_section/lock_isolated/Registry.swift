import ConcurrencyExtras
import Foundation

enum Phase: Sendable { case idle, running, stopped }

// A LockIsolated box: `.value` reads under its lock, `withValue { }` writes under it again. The
// state read first decides a write made in a helper.
final class Job: Sendable {
    private let phase = LockIsolated(Phase.idle)
    private let handlers = LockIsolated<[Int: String]>([:])

    func start() -> Bool {
        guard phase.value == .idle else { return false }
        transition(to: .running) // expect: split_critical_section
        return true
    }

    func stop() { transition(to: .stopped) }

    private func transition(to next: Phase) {
        phase.withValue { $0 = next }
    }

    // Checked and changed in one `withValue`: quiet.
    func startAtomically() -> Bool {
        phase.withValue {
            guard $0 == .idle else { return false }
            $0 = .running
            return true
        }
    }

    // The handler found under one acquisition, removed under another.
    func fire(_ id: Int) {
        if let handler = handlers.value[id] {
            handlers.withValue { $0[id] = nil } // expect: split_critical_section
            print(handler)
        }
    }

    func register(_ id: Int, _ name: String) {
        handlers.withValue { $0[id] = name }
    }
}
