import Foundation

// The actor's state and a member that suspends; its other methods are in another file.
actor Ledger {
    var balance = 0
    var syncing = false

    func remoteLimit() async -> Int {
        await Bank.limit()
    }
}

enum Bank {
    static func limit() async -> Int { 100 }
}
