import Foundation

// Setting an element or `pointee` through a pointer writes the memory it points to, not the
// var that holds the pointer (the setters are nonmutating). Each task fills its own slot.
final class SlotTable<Element>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Element?>

    init(slots: UnsafeMutableBufferPointer<Element?>) {
        self.slots = slots
    }

    func fill(_ index: Int, with value: Element) {
        slots[index] = value
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: UnsafeMutablePointer<Int>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
    }

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        storage.pointee += 1
    }

    func reset() {
        lock.withLock { storage.pointee = 0 }
    }
}

// Fires: the pointer var itself is replaced after init, with nothing guarding it.
final class GrowingTable: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var base: UnsafeMutableRawPointer

    init() {
        base = .allocate(byteCount: 16, alignment: 8)
    }

    func grow() {
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
        bigger.copyMemory(from: base, byteCount: 16)
        base = bigger
    }
}
