import Foundation

/// Calls reach a mutating method only through the protocol: its extension's method on a var
/// of a conforming struct, and its requirement on a var of the protocol's own type.
final class Panel: @unchecked Sendable {
    private let lock = NSLock()
    private var gauge = Gauge()
    private var slot: any Resettable = Gauge()

    func clear() { lock.withLock { gauge.resetTwice() } }
    func clearSlot() { lock.withLock { slot.reset() } }
    func text() -> String { gauge.describe() } // expect: unchecked_sendable_unguarded
    func slotText() -> String { slot.describe() } // expect: unchecked_sendable_unguarded
    func lockedText() -> String { lock.withLock { gauge.describe() + slot.describe() } }
}

/// Quiet: only the protocol's non-mutating requirement is called.
final class Display: @unchecked Sendable {
    private let lock = NSLock()
    private var slot: any Resettable = Gauge()

    func locked() -> String { lock.withLock { slot.describe() } }
    func bare() -> String { slot.describe() }
}
