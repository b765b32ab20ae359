import Foundation

/// The setter runs on the class's serial queue, and the reads are method calls on the held
/// object made off the queue.
final class Shelf {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
}

final class Depot {
    private let queue = DispatchQueue(label: "depot")
    private var _shelf = Shelf()
    fileprivate var shelf: Shelf {
        get { queue.sync { _shelf } }
        set { queue.sync { _shelf = newValue } }
    }
    func stock() { _shelf.add() } // expect: inconsistent_locking
}

/// Quiet: the same shape, and no file of the run sets the property.
final class Annex {
    private let queue = DispatchQueue(label: "annex")
    private var _shelf = Shelf()
    var rack: Shelf {
        get { queue.sync { _shelf } }
        set { queue.sync { _shelf = newValue } }
    }
    func stock() { _shelf.add() }
}
