import Foundation

// A property wrapper whose `wrappedValue` getter and setter each take the wrapper's lock: a
// check through the getter and an act through the setter are two acquisitions.
@propertyWrapper
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(wrappedValue: Value) { value = wrappedValue }

    var wrappedValue: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

final class Uploader: @unchecked Sendable {
    @Locked var current: String?
    @Locked var attempts = 0
    @Locked var parts: [Int] = []

    // Two callers can both find an upload and both cancel it.
    func cancel() {
        if let current {
            print("cancelling \(current)")
            self.current = nil // expect: split_critical_section
        }
    }

    // The attempt count read, tested, and stored from what was read.
    func tryAgain() -> Bool {
        let n = attempts
        if n >= 5 { return false }
        attempts = n + 1 // expect: split_critical_section
        return true
    }

    // Taken whole and reset.
    func collect() -> [Int] {
        let done = parts
        parts = [] // expect: split_critical_section
        return done
    }

    // A write that does not depend on the read: quiet.
    func start(_ name: String) {
        print(attempts)
        current = name
    }
}
