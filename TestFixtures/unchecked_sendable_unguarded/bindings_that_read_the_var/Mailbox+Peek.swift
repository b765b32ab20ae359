import Foundation

/// In another file: a `var` binding, and a condition list whose second binding reads the var.
extension Mailbox {
    func peek() -> Int {
        if var lastSeen = lastSeen { // expect: unchecked_sendable_unguarded
            lastSeen += "!"
            return lastSeen.count
        }
        return 0
    }

    func echo(_ on: Bool) {
        if on, let lastSeen { // expect: unchecked_sendable_unguarded
            print(lastSeen)
        }
    }

    func remember(_ s: String) { gate.withLock { lastSeen = s } }
    func forget() { gate.withLock { lastSeen = nil } }
}
