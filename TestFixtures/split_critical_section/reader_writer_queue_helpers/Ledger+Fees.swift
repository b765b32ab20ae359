import Foundation

extension Ledger {
    // Read in a plain block of the queue, then written in a barrier block: the balance can
    // change in between.
    func charge(_ fee: Int, to name: String) {
        guard let before = balance(of: name) else { return }
        gate.async(flags: .barrier) { self.balances[name] = before - fee } // expect: split_critical_section
    }

    // Near-miss: the barrier block reads the balance again.
    func chargeChecked(_ fee: Int, to name: String) {
        guard balance(of: name) != nil else { return }
        gate.async(flags: .barrier) {
            if let now = self.balances[name] { self.balances[name] = now - fee }
        }
    }
}
