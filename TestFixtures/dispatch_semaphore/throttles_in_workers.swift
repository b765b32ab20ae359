import Foundation

// A counting semaphore (a count above one) waited on inside the blocks of a queue, each block
// signalling when its work ends: the queue's workers take turns, no caller blocks, and no async
// code or main thread is shown. Not reported. The same wait in async code, on the main queue,
// or in the sender before each block it sends, is.

// Shape 1: a count the type is given, an operation queue's blocks, a completion's signal.
final class RequestPool {
    private let slots: DispatchSemaphore
    private let queue = OperationQueue()

    init(limit: Int) {
        slots = DispatchSemaphore(value: limit)
    }

    func send(_ request: URLRequest, session: URLSession) {
        queue.addOperation {
            self.slots.wait()
            session.dataTask(with: request) { _, _, _ in self.slots.signal() }.resume()
        }
    }
}

// The same count waited on by an async function: reported.
final class RequestPoolAsync {
    private let slots: DispatchSemaphore // expect: dispatch_semaphore

    init(limit: Int) {
        slots = DispatchSemaphore(value: limit)
    }

    func send(_ request: URLRequest, session: URLSession) async {
        slots.wait()
        session.dataTask(with: request) { _, _, _ in self.slots.signal() }.resume()
    }
}

// Shape 2: a literal count, a global queue's blocks.
final class Thumbnails {
    private let gate = DispatchSemaphore(value: 3)

    func render(_ items: [URL], draw: @escaping (URL, @escaping () -> Void) -> Void) {
        for item in items {
            DispatchQueue.global(qos: .utility).async {
                self.gate.wait()
                draw(item) { self.gate.signal() }
            }
        }
    }
}

// The same wait in blocks sent to the main queue: each can block the main thread.
final class ThumbnailsOnMain {
    private let gate = DispatchSemaphore(value: 3) // expect: dispatch_semaphore

    func render(_ items: [URL], draw: @escaping (URL, @escaping () -> Void) -> Void) {
        for item in items {
            DispatchQueue.main.async {
                self.gate.wait()
                draw(item) { self.gate.signal() }
            }
        }
    }
}

// Shape 3: the wait in a private helper that only the queue's blocks call.
final class Uploader {
    private let inFlight = DispatchSemaphore(value: 4)
    private let workers = DispatchQueue(label: "uploads", attributes: .concurrent)

    func upload(_ files: [URL], put: @escaping (URL, @escaping () -> Void) -> Void) {
        for file in files {
            workers.async {
                self.acquire()
                put(file) { self.inFlight.signal() }
            }
        }
    }

    private func acquire() {
        inFlight.wait()
    }
}

// The sender waits before each block it sends: the sending thread blocks. Reported.
final class UploaderBlockingSender {
    func upload(_ files: [URL], put: @escaping (URL) -> Void) {
        let inFlight = DispatchSemaphore(value: 4) // expect: dispatch_semaphore
        for file in files {
            inFlight.wait()
            DispatchQueue.global().async {
                put(file)
                inFlight.signal()
            }
        }
    }
}
