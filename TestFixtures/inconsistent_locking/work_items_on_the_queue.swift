import Foundation

// A work item made with arguments (`DispatchWorkItem(flags:) { }`) and handed to the class's
// queue runs there; one handed to the main queue does not.
final class Inbox {
    private let queue = DispatchQueue(label: "inbox")
    private var messages: [String] = []

    func add(_ message: String) {
        queue.async { self.messages.append(message) }
    }

    // Quiet: the item runs on `queue`.
    func clear() {
        let item = DispatchWorkItem(flags: .inheritQoS) {
            self.messages.removeAll()
        }
        queue.async(execute: item)
    }

    // Fires: the item runs on the main queue, not on `queue`.
    func clearForDisplay() {
        let item = DispatchWorkItem {
            self.messages.removeAll() // expect: inconsistent_locking
        }
        DispatchQueue.main.async(execute: item)
    }
}
