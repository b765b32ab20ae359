import Foundation

final class Ledger: @unchecked Sendable {
    let gate = DispatchQueue(label: "ledger", attributes: [.concurrent])
    var balances: [String: Int] = [:]

    // A getter that reads in a plain block, declared here and used in another file.
    var accounts: Int { gate.sync { balances.count } }

    func balance(of name: String) -> Int? {
        gate.sync { balances[name] }
    }

    // A helper between the read and the barrier: its one barrier block writes its argument.
    private func store(_ amount: Int, for name: String) {
        gate.async(flags: .barrier) { self.balances[name] = amount }
    }

    func deposit(_ amount: Int, to name: String) {
        let current = gate.sync { balances[name] ?? 0 }
        if amount > 0 {
            store(current + amount, for: name) // expect: split_critical_section
        }
    }

    var audits = 0

    private func noteAudit(_ total: Int) {
        gate.async(flags: .barrier) { self.audits = total }
    }

    // Near-miss: what was read decides a write of other state.
    func audit() {
        let total = gate.sync { balances.count }
        if total > 0 {
            noteAudit(total)
        }
    }
}
