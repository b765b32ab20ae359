import Foundation

/// The same with a plain lock taken inside the serial queue's blocks.
final class Ledger {
    private let posting = DispatchQueue(label: "ledger.posting")
    private let lock = NSLock()
    private var balance = 0

    func post(_ amount: Int) {
        posting.async {
            let next = self.balance + amount  // Quiet: read on the only queue that writes it.
            self.lock.withLock { self.balance = next }
        }
    }

    func refund(_ amount: Int) {
        posting.async {
            self.lock.lock()
            self.balance -= amount
            self.lock.unlock()
        }
    }

    func show() {
        DispatchQueue.main.async {
            print(self.balance)  // expect: inconsistent_locking
        }
    }

    var current: Int {
        lock.withLock { balance }
    }
}
