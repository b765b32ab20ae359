import Foundation

// Fires: the same shape in a `fileprivate extension`: `halt()` cannot be called from outside the
// file, and its one call in the run holds the queue (deinit's is construction), so every path to
// its write of `active` runs on the queue, and the accesses in `launch()` do not.
final class PrivateNotifier {
    var active = false
    let queue = DispatchQueue(label: "private-notifier")
    var value = 0

    deinit { halt() }

    func launch() throws {
        guard !active else { return } // expect: inconsistent_locking
        try refresh()
        active = true // expect: inconsistent_locking
    }
}

fileprivate extension PrivateNotifier {
    func halt() {
        active = false
    }

    func refresh() throws {
        try queue.sync {
            if value < 0 {
                self.halt()
                throw CocoaError(.featureUnsupported)
            }
            self.value = 1
        }
    }
}
