import Darwin

// The C atomic functions, given a stored property's address: the property is an atomic; the
// other var beside it is reported with the atomics named.
final class LegacyCounter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var value: Int32 = 0
    private var label = ""

    func increment() { OSAtomicIncrement32Barrier(&self.value) }
    func rename(_ s: String) { label = s }
}
