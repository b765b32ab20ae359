import Foundation

extension Mailer {
    // A wrapper between the gated Task and the handlers.
    func route(_ m: String) async {
        if m.isEmpty { await bounce(m) } else { await deliver(m) }
    }

    // Reached only through the gated Task in the other file (quiet).
    private func deliver(_ m: String) async {
        guard !delivered.contains(m) else { return }
        await Task.yield()
        delivered.insert(m)
    }

    // Reached from the gated Task and from `bounceNow()`: calls can overlap.
    private func bounce(_ m: String) async {
        guard bounced < 3 else { return }
        await Task.yield()
        bounced += 1 // expect: actor_reentrancy
    }
}
