import Foundation

extension Receiver {
    func take(_ n: Int) {
        let op = BlockOperation {
            self.received += n
            self.note(n)
        }
        self.readQueue.addOperations([op], waitUntilFinished: false)
    }

    private func note(_ n: Int) { lastSize = n }

    // An operation built but handed to no queue here: where it runs is not this function's.
    func makeOperation(_ n: Int) -> Operation {
        let op = BlockOperation {
            self.lastSize = n // expect: unchecked_sendable_unguarded
        }
        return op
    }
}
