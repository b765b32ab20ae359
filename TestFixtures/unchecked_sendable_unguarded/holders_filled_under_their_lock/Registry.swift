import Foundation

// Another spelling, in another file: the holder's mutex taken with lock()/unlock() through the
// reference, by a class that reaches the holder through a protocol and sets it up in its init.
final class Slots: @unchecked Sendable {
    let mutex = NSLock()
    var taken: Set<Int> = []
    var owner: String?
}

protocol SlotOwning {
    var slots: Slots { get }
}

final class Reserver: SlotOwning {
    let slots: Slots

    init(owner: String) {
        slots = Slots()
        slots.owner = owner
    }

    func reserve(_ n: Int, for name: String) -> Bool {
        slots.mutex.lock()
        defer { slots.mutex.unlock() }
        guard !slots.taken.contains(n) else { return false }
        slots.taken.insert(n)
        slots.owner = name
        return true
    }
}
