import Foundation

// A box type of the project, and a base class whose accessors go through it.
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLockedValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

class Source: @unchecked Sendable {
    private let _handler = Guarded<(() -> Void)?>(nil)
    private let _buffer = Guarded<[UInt8]>([])

    var handler: (() -> Void)? {
        get { _handler.withLockedValue { $0 } }
        set { _handler.withLockedValue { $0 = newValue } }
    }

    var buffer: [UInt8] {
        get { _buffer.withLockedValue { $0 } }
        set { _buffer.withLockedValue { $0 = newValue } }
    }
}
