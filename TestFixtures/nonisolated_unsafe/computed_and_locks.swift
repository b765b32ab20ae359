import Foundation

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

enum Registry {
    @Locked static var _names: [String] = []
    // A computed property that forwards to storage kept by a locking wrapper.
    nonisolated(unsafe) static var names: [String] {
        get { _names }
        set { _names = newValue }
    }

    // Accessors that take no lock at all.
    private static var _hits = 0
    nonisolated(unsafe) static var hits: Int { // expect: nonisolated_unsafe
        get { _hits }
        set { _hits = newValue }
    }
}

// The lock itself: unsafe_os_lock says what is wrong with storing it inline.
nonisolated(unsafe) var rawLock = os_unfair_lock()

// Every use holds the C lock that guards it: no hazard (reported only with "strict": true).
nonisolated(unsafe) var guardedTotal = 0
nonisolated(unsafe) var mutex = pthread_mutex_t()
func addToTotal(_ n: Int) {
    pthread_mutex_lock(&mutex)
    guardedTotal += n
    pthread_mutex_unlock(&mutex)
}
