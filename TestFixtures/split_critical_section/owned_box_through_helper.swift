import Foundation
import NIOConcurrencyHelpers

enum GateState { case closed, open }

final class Gate: @unchecked Sendable {
    private let state = NIOLockedValueBox(GateState.closed)
    private let visitors = NIOLockedValueBox(0)

    var current: GateState { state.withLockedValue { $0 } }

    func open() {
        state.withLockedValue { $0 = .open }
    }

    func count() {
        visitors.withLockedValue { $0 += 1 }
    }
}

// A helper in between: the file's own method whose body is one acquisition of the box.
final class Keeper {
    let gate = Gate()

    private func isClosed() -> Bool {
        gate.current == .closed
    }

    func letIn() {
        if isClosed() {
            gate.open() // expect: split_critical_section
        }
    }

    // Quiet: the act writes another box.
    func tally() {
        if isClosed() { return }
        gate.count()
    }
}
