import Foundation

/// A holder the classes below report to.
final class Owner {
    func didRecord(_ name: String) {}
}

/// Fires: a weak reference the class itself writes on its queue: the queue is its guard, and
/// a write outside it races with the writes on it (a weak store is atomic, but the reads on
/// the queue decide on what they load).
final class Watcher {
    weak var observer: Owner?
    private let events = DispatchQueue(label: "events")

    func attach(_ o: Owner) {
        events.async { self.observer = o }
    }

    func detachLater() {
        events.async { self.observer = nil }
    }

    func detachNow() {
        observer = nil // expect: inconsistent_locking
    }
}

/// Quiet: a weak reference written with no guard, read once under the lock that guards
/// `count`.
final class Tally {
    weak var listener: Owner?
    private let lock = NSLock()
    private var count = 0

    func attach(_ o: Owner) { listener = o }

    func bump() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        listener?.didRecord("\(count)")
    }

    func notify() { listener?.didRecord("tick") }
}
