import Foundation

/// A protocol in between: the class's property is a requirement with a setter. Nothing sets it
/// through the protocol in the first case; in the second, a generic helper does.
final class Pouch {
    private let lock = NSLock()
    private var coins = 0
    func drop() { lock.withLock { coins += 1 } }
}

protocol PouchHolding: AnyObject {
    var pouch: Pouch { get set }
}

final class Traveller: PouchHolding {
    private let lock = NSLock()
    private var _pouch = Pouch()
    var pouch: Pouch {
        get { lock.withLock { _pouch } }
        set { lock.withLock { _pouch = newValue } }
    }
    func pay() { _pouch.drop() }
}

protocol SatchelHolding: AnyObject {
    var satchel: Pouch { get set }
}

func refill(_ h: some SatchelHolding) { h.satchel = Pouch() }

final class Courier: SatchelHolding {
    private let lock = NSLock()
    private var _satchel = Pouch()
    var satchel: Pouch {
        get { lock.withLock { _satchel } }
        set { lock.withLock { _satchel = newValue } }
    }
    func pay() { _satchel.drop() } // expect: inconsistent_locking
}
