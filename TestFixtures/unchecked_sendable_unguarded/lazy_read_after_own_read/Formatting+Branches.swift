import Foundation

// In another file: the read before the closure sits in a branch that may not run, so the
// closure's read may be the first.
extension Formatting {
    func maybe(_ date: Date, verbose: Bool) {
        lock.withLock {
            if verbose {
                _ = formatter.timeStyle
            }
            guard let notify else { return }
            notify {
                self.formatter.string(from: date) // expect: unchecked_sendable_unguarded
            }
        }
    }
}
