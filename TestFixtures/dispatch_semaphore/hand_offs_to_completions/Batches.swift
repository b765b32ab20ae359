import Foundation

// A wrapper in between: the semaphore comes from a factory of the file, and each caller's loop
// hands its signal to a completion.
private func oneAtATime() -> DispatchSemaphore {
    let made = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    return made
}

final class Syncer {
    func pull(_ ids: [String], fetch: (String, @escaping () -> Void) -> Void) {
        let gate = oneAtATime()
        for id in ids {
            gate.wait()
            fetch(id) {
                gate.signal()
            }
        }
    }

    // Near miss: the signal is in a closure run on the spot (`sync`): a lock's turn on this
    // thread, not a hand-off.
    func drain(_ ids: [String], on queue: DispatchQueue) {
        let gate = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
        for id in ids {
            gate.wait()
            queue.sync {
                print(id)
                gate.signal()
            }
        }
    }
}
