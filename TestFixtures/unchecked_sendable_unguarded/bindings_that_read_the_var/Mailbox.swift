import Foundation

/// A binding of the var's own name reads the var: outside the lock it is an unguarded read.
final class Mailbox: @unchecked Sendable {
    let gate = NSLock()
    private var waiter: ((String) -> Void)?
    private var pending: [String] = []
    var lastSeen: String?

    func arm(_ w: @escaping (String) -> Void) { gate.withLock { waiter = w } }
    func disarm() { gate.withLock { waiter = nil } }

    func post(_ m: String) {
        if let waiter = waiter { // expect: unchecked_sendable_unguarded
            waiter(m)
        }
    }

    func poke() {
        guard let waiter = waiter else { return } // expect: unchecked_sendable_unguarded
        waiter("poke")
    }

    func ring() {
        if let waiter { // expect: unchecked_sendable_unguarded
            waiter("ring")
        }
    }

    /// Near misses: under the lock; the name bound before is a local; a parameter of that name.
    func safePost(_ m: String) {
        gate.withLock {
            if let waiter { waiter(m) }
            if let waiter = waiter { waiter(m) }
        }
    }

    func relay(_ m: String) {
        let waiter: ((String) -> Void)? = { print($0) }
        if let waiter = waiter { waiter(m) }
        if let waiter { waiter(m) }
    }

    func forward(waiter: ((String) -> Void)?) {
        guard let waiter = waiter else { return }
        waiter("x")
    }

    func queue(_ m: String) { gate.withLock { pending.append(m) } }
    func drain() -> [String] { gate.withLock { defer { pending = [] }; return pending } }
}
