final class Meter: @unchecked Sendable {
    private let gate = Turnstile()
    private var up = 0
    private var down = 0
    func tickUp() { gate.pass { up += 1 } }
    func tickDown() { gate.pass { down += 1 } }
    func net() -> Int { gate.pass { up - down } }
    func lastDown() -> Int { down } // expect: unchecked_sendable_unguarded
}

final class Roster: @unchecked Sendable {
    private let latch = Latch()
    private var names: [String] = []
    func enroll(_ n: String) { latch.hold { names.append(n) } }
    func drop() { latch.hold { names.removeAll() } }
}

final class Vault: @unchecked Sendable {
    private let bolt = Bolt()
    private var coins = 0
    func deposit(_ n: Int) { bolt.within { coins += n } }
    func balance() -> Int { bolt.within { coins } }
    func empty() { coins = 0 } // expect: unchecked_sendable_unguarded
}

final class Lobby: @unchecked Sendable {
    private let slot = Slot(0)
    private var waiting = 0
    func join() { slot.change { _ in waiting += 1 } }
    func leave() { slot.change { _ in waiting -= 1 } }
    func size() -> Int { slot.change { _ in waiting } }
}

final class Poll: @unchecked Sendable {
    private var ballots = Ledger([String: Int]())
    private var cast = 0
    func vote(_ k: String) { ballots.amend { $0[k, default: 0] += 1; cast += 1 } }
    func turnout() -> Int { cast } // expect: unchecked_sendable_unguarded
    func count(_ k: String) -> Int { ballots.current[k] ?? 0 }
}
