import Foundation

extension Relay {
    func retarget(_ u: String) async {
        guard target != u else { return }
        target = u
        await attach(u)
        await detachIfIdle()
    }

    // Reached from the loop and from the initializer's branch that starts nothing (quiet).
    private func attach(_ u: String) async {
        guard connection == nil else { return }
        let c = await open(u)
        connection = c
    }

    // Reached from the loop, and from a Task the initializer never starts, but also from a
    // method anyone can call: calls can overlap.
    private func detachIfIdle() async {
        guard idleChecks < 3 else { return }
        await Task.yield()
        idleChecks += 1 // expect: actor_reentrancy
    }

    func forceDetach() async { await detachIfIdle() }

    private func open(_ u: String) async -> String { await Task.yield(); return u }
}
