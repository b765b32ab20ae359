import Foundation

extension Outbox {
    func enqueue(_ message: String) {
        sendQueue.async {
            if !self.stopped {
                self.pending.append(message)
            }
        }
    }

    func drain() {
        sendQueue.async {
            guard !self.stopped else { return }
            self.pending.removeAll()
        }
    }
}
