import Foundation

// A lock type whose name says it is one, with a closure method that is not in any list: the
// getter uses `locked`, the setter `apply`; both run under the same stored lock.
final class SpinLock: @unchecked Sendable {
    private let inner = NSLock()
    func locked<T>(_ body: () -> T) -> T { inner.lock(); defer { inner.unlock() }; return body() }
    func apply(_ body: () -> Void) { inner.lock(); defer { inner.unlock() }; body() }
}

final class Mailbox: @unchecked Sendable {
    let spin = SpinLock()
    private var _letters: [String] = []
    private var _opened: [String: Bool] = [:]

    var letters: [String] {
        get { spin.locked { _letters } }
        set { spin.apply { _letters = newValue } }
    }

    var opened: [String: Bool] {
        get { spin.locked { _opened } }
        set { spin.apply { _opened = newValue } }
    }
}
