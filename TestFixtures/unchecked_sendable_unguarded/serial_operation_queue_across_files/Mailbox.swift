import Foundation

// The queue is made here and limited to one operation at a time in init; the extension in
// another file adds operations to it.
final class Mailbox: @unchecked Sendable {
    let queue = OperationQueue()
    var unread: [String] = []
    var archived: [String] = []

    init() {
        queue.maxConcurrentOperationCount = 1
    }
}

// Made the same way with no width set: its operations run side by side.
final class Outbox: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    let queue = OperationQueue()
    var pending: [String] = []
}
