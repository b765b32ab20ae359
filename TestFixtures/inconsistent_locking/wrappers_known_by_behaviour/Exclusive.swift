import Foundation

// A reader-writer lock of the project's own over a concurrent queue: `reading` runs its closure
// in a plain block, `writing` in a barrier block.
final class SharedAccess {
    private let queue: DispatchQueue
    init(label: String) { queue = DispatchQueue(label: label, attributes: .concurrent) }
    func reading(_ body: () -> Void) { queue.sync { body() } }
    func writing<T>(_ body: () -> T) -> T { queue.sync(flags: .barrier, execute: { body() }) }
}

// A lock wrapper whose lock is a typealias of an existential, and one built on top of it.
final class Padlock {
    private typealias Base = NSLocking & Sendable
    private let base: Base = NSLock()
    func guarding<T>(_ body: () throws -> T) rethrows -> T { base.lock(); defer { base.unlock() }; return try body() }
}

final class Guarded<Value> {
    private let padlock = Padlock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    func mutate(_ body: (inout Value) -> Void) { padlock.guarding { body(&stored) } }
}
