import Foundation

extension Mailbox {
    func deliver(_ m: String) { queue.addOperation { self.unread.append(m) } }
    func archiveAll() {
        queue.addOperation {
            self.archived += self.unread
            self.unread.removeAll()
        }
    }
    func peek() -> String? {
        unread.first // expect: unchecked_sendable_unguarded
    }
}

extension Outbox {
    func send(_ m: String) { queue.addOperation { self.pending.append(m) } }
}
