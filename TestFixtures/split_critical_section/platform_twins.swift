import Foundation

// A counter declared per platform: off Windows '_modify' holds the lock across the whole
// change; on Windows its getter and setter lock separately.
#if !os(Windows)
final class Counter {
    private let lock = NSLock()
    private var _value = 0
    var value: Int {
        get { lock.withLock { _value } }
        _modify {
            lock.lock()
            defer { lock.unlock() }
            yield &_value
        }
    }
    // Compiled with the '_modify' twin only: one hold.
    func bump() { value += 1 }
}
#else
final class Counter {
    private let lock = NSLock()
    private var _value = 0
    var value: Int {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
    func bump() { value += 1 } // expect: split_critical_section
}
#endif
