import Foundation

// The body of `withChecked(Throwing)Continuation` / `withUnsafe(Throwing)Continuation` runs
// before the task suspends: a write there, directly or through a setter method of the actor,
// acts on a check made before it with nothing suspended in between.
actor Rendezvous {
    var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    var arrivals = 0

    private func park(_ who: String, _ c: CheckedContinuation<Void, Never>) {
        waiting[who] = c
    }

    func arrive(_ who: String) async {
        guard waiting[who] == nil else { return }
        await withCheckedContinuation { c in
            park(who, c)
        }
    }

    func arriveDirect(_ who: String) async {
        guard waiting[who] == nil else { return }
        await withUnsafeContinuation { (c: UnsafeContinuation<Void, Never>) in
            self.arrivals += 1
        }
    }

    // The same setter after the continuation has resumed: the check is stale.
    func arriveLate(_ who: String) async {
        guard waiting[who] == nil else { return }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            c.resume()
        }
        park(who, dummy()) // expect: actor_reentrancy
    }

    private nonisolated func dummy() -> CheckedContinuation<Void, Never> { fatalError() }
}
