import Foundation

/// A file-private cell class used by one container, which holds its lock through withLock and
/// through its own helper run only inside those closures.
fileprivate final class Slot: @unchecked Sendable {
    var stored: Int = 0
    var spare: Slot?
}

final class SlotRing: @unchecked Sendable {
    private let guardLock = NSLock()
    private var slots: [Slot] = [Slot(), Slot()]

    func set(_ i: Int, _ v: Int) { guardLock.withLock { slots[i].stored = v } }
    func get(_ i: Int) -> Int { guardLock.withLock { read(i) } }
    func chain() { guardLock.withLock { slots[0].spare = slots[1] } }
    private func read(_ i: Int) -> Int { slots[i].stored }
}

/// Near miss: the same cells, and one write made outside the lock.
fileprivate final class Bin: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var count: Int = 0
}

final class BinRack: @unchecked Sendable {
    private let guardLock = NSLock()
    private var bins: [Bin] = [Bin()]

    func add() { guardLock.withLock { bins[0].count += 1 } }
    func reset() { let b = guardLock.withLock { bins[0] }; b.count = 0 }
}
