import Foundation

// Quiet: every access runs in a closure of the gate; the write is the value passed inout to the
// caller's closure.
final class SettingsBox<Value>: @unchecked Sendable {
    private let gate = SharedGate()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func read<R>(_ body: (Value) -> R) -> R {
        gate.withShared { body(value) }
    }

    func update<R>(_ body: (inout Value) -> R) -> R {
        gate.withExclusive { body(&self.value) }
    }

    func replace(with newValue: Value) {
        gate.withExclusiveVoid { self.value = newValue }
    }
}

// Fires: one write outside the gate.
final class CounterBox: @unchecked Sendable {
    private let gate = SharedGate()
    private var count = 0

    func read() -> Int {
        gate.withShared { count }
    }

    func add(_ n: Int) {
        gate.withExclusive { count += n }
    }

    func reset() {
        count = 0 // expect: unchecked_sendable_unguarded
    }
}
