import Foundation

final class TransferSession: Session, @unchecked Sendable {
    private let other = NSLock()

    // Two callers can both find the trace and both finish it.
    func finish() {
        if let trace {
            print("closing \(trace)")
            self.trace = nil // expect: split_critical_section
        }
    }

    // A retry count read, then written from what was read.
    func retry() -> Bool {
        let count = retries
        guard count < 3 else { return false }
        retries = count + 1 // expect: split_critical_section
        return true
    }

    // A write that does not depend on a read: quiet.
    func begin(_ name: String) {
        trace = name
    }

    // Found absent and filled: quiet.
    func ensureTrace() {
        if trace == nil {
            trace = "default"
        }
    }
}
