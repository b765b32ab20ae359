import Foundation

// The same event signal in another spelling: created without `self.` in a private extension,
// and waited on through a local bound by `guard let` in a block on a global queue.
final class Listener {
    private let events = DispatchQueue(label: "listener")
    private var pending: [Int] = []
    private var incoming: DispatchSemaphore? // expect: dispatch_semaphore
    // Created with value 1 in an extension and taken around the state: a lock, told so.
    private var turn: DispatchSemaphore! // expect: dispatch_semaphore

    func next(completion: @escaping (Int?) -> Void) {
        DispatchQueue.global().async {
            guard let incoming = self.incoming else { return completion(nil) }
            incoming.wait()
            self.turn.wait()
            let value = self.pending.popLast()
            self.turn.signal()
            completion(value)
        }
    }
}

private extension Listener {
    func start() {
        turn = DispatchSemaphore(value: 1)
        incoming = DispatchSemaphore(value: 0)
    }

    func accepted(_ n: Int) {
        events.async {
            self.turn.wait()
            self.pending.append(n)
            self.turn.signal()
            self.incoming?.signal()
        }
    }
}
