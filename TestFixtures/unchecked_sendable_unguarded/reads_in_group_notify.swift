import Foundation

// The closure given to `group.notify` runs once the group's work is done: it reads what only
// that work wrote without the lock. A var other methods write meanwhile still needs the lock
// there. A semaphore the work signals joins it the same way; one the work itself waits on and
// signals is a mutex it takes, not a sign that it finished.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0
    private var shared = 0

    func add(_ xs: [Int], done: @escaping (Int, Int) -> Void) {
        let group = DispatchGroup()
        for x in xs {
            group.enter()
            DispatchQueue.global().async {
                self.lock.withLock {
                    self.sum += x
                    self.shared += x
                }
                group.leave()
            }
        }
        group.notify(queue: .global()) {
            done(self.sum, 0)
            done(self.shared, 0) // expect: unchecked_sendable_unguarded
        }
    }

    func bump() {
        lock.withLock { shared += 1 }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private let turn = DispatchSemaphore(value: 1)
    private var hits = 0
    private var misses = 0

    func count() -> Int {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.lock.lock()
            self.hits += 1
            self.lock.unlock()
            done.signal()
        }
        done.wait()
        return hits
    }

    func miss() -> Int {
        DispatchQueue.global().async {
            self.turn.wait()
            self.lock.lock()
            self.misses += 1
            self.lock.unlock()
            self.turn.signal()
        }
        turn.wait()
        turn.signal()
        return misses // expect: unchecked_sendable_unguarded
    }
}
