import Combine
import Foundation

// Delivery through `self.` in an extension in another file, on an operation queue of width one
// set up in init.
final class Inbox: @unchecked Sendable {
    let serial: OperationQueue
    var unread = 0
    var bag: Set<AnyCancellable> = []

    init() {
        serial = OperationQueue()
        serial.maxConcurrentOperationCount = 1
    }

    func markRead() { serial.addOperation { self.unread = 0 } }
}
