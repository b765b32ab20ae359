import Foundation

/// Calls the relay's member from its own code, which is on no queue of the relay's.
final class Station {
    private let relay: Relay
    init(relay: Relay) { self.relay = relay }
    func reconnect() {
        relay.rearm { print($0) }
    }
}

/// Reaches the pump through an optional parameter and a protocol method.
protocol Throttle {
    func apply(to pump: Pump?)
}

struct SlowDown: Throttle {
    func apply(to pump: Pump?) {
        pump?.speed = 1
    }
}

/// Near miss: this caller runs on the ledger's queue, like the ledger's own.
final class Clerk {
    let ledger = Ledger()
    func book() { ledger.books.async { self.ledger.post(2) } }
}

/// Near miss: its own `ping()`, on its own type.
final class Sonar {
    func ping() {}
}

final class Submarine {
    let sonar = Sonar()
    func scan() { sonar.ping() }
}

/// Near miss: a fresh instance set up before it is shared.
func makeLedger() -> Ledger {
    let l = Ledger()
    l.post(0)
    return l
}
