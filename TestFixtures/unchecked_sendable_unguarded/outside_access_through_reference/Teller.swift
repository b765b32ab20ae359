import Foundation

final class Teller: @unchecked Sendable {
    private let ledger: Ledger!

    init(ledger: Ledger) { self.ledger = ledger }

    func audit() -> Int {
        self.ledger.balance // expect: unchecked_sendable_unguarded
    }

    // Quiet: through the ledger's own closure method that holds its lock.
    func auditSafely() -> Int {
        ledger.withBalance { $0 }
    }
}
