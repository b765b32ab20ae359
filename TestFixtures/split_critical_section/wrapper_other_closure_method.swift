import Foundation

extension NSLock {
    /// Runs `body` with the lock held (a helper of the project, in no list).
    func run(_ body: () -> Void) {
        lock()
        defer { unlock() }
        body()
    }
}

// A property wrapper whose getter takes the lock with `withLock` and whose setter takes it with
// the project's own `run`: a change through the wrapped property reads and writes separately.
@propertyWrapper
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    init(wrappedValue: Value) { storage = wrappedValue }

    var wrappedValue: Value {
        get { lock.withLock { storage } }
        set { lock.run { storage = newValue } }
    }
}

final class Tally: @unchecked Sendable {
    @Shared var total = 0
    @Shared var names: [String] = []

    func add(_ n: Int, by name: String) {
        total += n // expect: split_critical_section
        names.append(name) // expect: split_critical_section
    }

    // A whole assignment that does not read: quiet.
    func reset() {
        total = 0
    }
}

// The same wrapper shape whose setter runs its write later on a queue: quiet.
@propertyWrapper
final class Deferred<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "deferred")
    private var storage: Value

    init(wrappedValue: Value) { storage = wrappedValue }

    var wrappedValue: Value {
        get { lock.withLock { storage } }
        set { queue.async { self.storage = newValue } }
    }
}

final class Later: @unchecked Sendable {
    @Deferred var count = 0

    func bump() {
        count += 1
    }
}
