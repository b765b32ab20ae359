import Foundation

/// The same wrapper written with a trailing closure, over a typealias of the mutex.
final class Batch: @unchecked Sendable {
    private let batchLock = StateMutex()
    private var items: [Int] = []
    private var sealed = false

    private func synchronise<T>(_ body: () -> T) -> T {
        batchLock.withCriticalScope { body() }
    }

    func add(_ i: Int) {
        synchronise {
            if !sealed { items.append(i) }  // Quiet: inside the wrapper.
        }
    }

    func seal() {
        synchronise { sealed = true }
    }

    func peek() -> Int? {
        items.last  // expect: unchecked_sendable_unguarded
    }
}

/// A method that also runs its closure outside the mutex is no wrapper.
final class Loose: @unchecked Sendable {
    private let looseLock = RawMutex()
    private var count = 0

    private func maybeLocked(_ locked: Bool, _ body: () -> Void) {
        if locked {
            looseLock.withCriticalScope(block: body)
        } else {
            body()
        }
    }

    func bump() {
        looseLock.withCriticalScope { count += 1 }
    }

    func reset(_ locked: Bool) {
        maybeLocked(locked) { count = 0 }  // expect: unchecked_sendable_unguarded
    }
}
