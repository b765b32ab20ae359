import Foundation

// A protocol in between: the actor's requirement is met by a member that never suspends.
protocol LimitSource {
    func localLimit() async -> Int
}

extension Ledger: LimitSource {
    func localLimit() async -> Int {
        50
    }

    // Quiet: `localLimit()` is declared in this file and never suspends.
    func withdraw(_ amount: Int) async {
        guard balance >= amount else { return }
        let limit = await localLimit()
        if amount > limit { return }
        balance -= amount
    }

    // Fires: `remoteLimit()` is declared in another file; the tool cannot see that it does not
    // suspend (it does), so the await is a suspension.
    func withdrawChecked(_ amount: Int) async {
        guard balance >= amount else { return }
        let limit = await remoteLimit()
        if amount > limit { return }
        balance -= amount // expect: actor_reentrancy
    }
}
