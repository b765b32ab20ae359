import Foundation
import Synchronization

struct GateState {
    var admitted = 0
}

extension GateState {
    var open: Bool {
        get { admitted > 0 }
        set { admitted = newValue ? 1 : 0 }
    }
}

/// Written through references to instances of the class: `$0` of `forEach` over jobs.
final class Job: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var halted = false
    func describe() -> String { halted ? "halted" : "live" }
}

final class Scheduler: Sendable {
    func haltAll(_ jobs: [Job]) {
        jobs.forEach { $0.halted = true }
    }
}

/// Written through a lock whose value is an instance of the class.
final class Lease: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var revoked = false
    func describe() -> String { revoked ? "revoked" : "held" }
}

final class Landlord: Sendable {
    private let current = Mutex<Lease>(Lease())
    func revoke() {
        current.withLock { $0.revoked = true }
    }
}
