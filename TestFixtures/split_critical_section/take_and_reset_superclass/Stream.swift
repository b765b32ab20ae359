import Foundation

final class Stream: Source, @unchecked Sendable {
    private let gate = NSLock()

    // Taken and cleared in two acquisitions: two callers can both run the handler, and one set in
    // between is dropped.
    func fire() {
        let pending = handler
        handler = nil // expect: split_critical_section
        pending?()
    }

    func read() -> [UInt8] {
        let bytes = self.buffer
        self.buffer = [] // expect: split_critical_section
        return bytes
    }

    // A reset with no read before it: quiet.
    func cancel() {
        handler = nil
    }
}
