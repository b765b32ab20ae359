import Foundation

// A semaphore parameter that its function only signals makes no wait, and its creation value is
// not visible there: the site that creates and waits on it is the one judged.
final class Uploader {
    func upload(chunks: [Data]) {
        let finished = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        for chunk in chunks {
            send(chunk, retries: 3, finished: finished)
            finished.wait()
        }
    }

    // Signalled, and handed to itself again for a retry: quiet.
    func send(_ chunk: Data, retries: Int, finished: DispatchSemaphore) {
        post(chunk) { ok in
            if !ok && retries > 0 {
                self.send(chunk, retries: retries - 1, finished: finished)
                return
            }
            finished.signal()
        }
    }

    // Unlabelled, signalled at once: quiet.
    func skip(_ done: DispatchSemaphore) { done.signal() }

    // A parameter this function waits on: a wait site, still reported.
    func drain(_ gate: DispatchSemaphore) { // expect: dispatch_semaphore
        gate.wait()
        gate.signal()
    }

    // Signalled, but also kept: what is done with it later is not seen here, still reported.
    private var kept: Any?
    func remember(_ done: DispatchSemaphore) { // expect: dispatch_semaphore
        kept = done
        done.signal()
    }

    func post(_ chunk: Data, _ completion: @escaping (Bool) -> Void) {}
}

// A function that is only declared (a protocol requirement) shows no body: still reported.
protocol Finishing {
    func finish(_ done: DispatchSemaphore) // expect: dispatch_semaphore
}
