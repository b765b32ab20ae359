import Foundation

protocol Transport {
    func send(_ item: Data, completion: @escaping (Error?) -> Void)
}

// Another spelling: a `for` loop, the completion handed with its label, a count of two.
func uploadAll(_ items: [Data], over transport: Transport) {
    let inFlight = DispatchSemaphore(value: 2) // expect: dispatch_semaphore
    for item in items {
        inFlight.wait()
        transport.send(item, completion: { _ in
            inFlight.signal()
        })
    }
}

// Near miss: waited and signalled around the work on the same thread: a lock without an owner.
func printAll(_ items: [Int]) {
    let turn = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    for item in items {
        turn.wait()
        print(item)
        turn.signal()
    }
}
