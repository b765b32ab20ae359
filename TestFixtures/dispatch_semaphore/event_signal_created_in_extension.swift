import Foundation

// A semaphore a property keeps, created with value 0 by an assignment in an extension of its
// type in the same file: an event signal (data arrived), told so with its value, not as a lock.
final class Pipe: NSObject {
    private let queue = DispatchQueue(label: "pipe")
    private var buffer = Data()
    private var arrived: DispatchSemaphore? // expect: dispatch_semaphore
    // Created in the extension too, but only polled here (`wait(timeout: .now())` returns at
    // once): no blocking bug.
    private var ready: DispatchSemaphore?

    func isReady() -> Bool {
        ready?.wait(timeout: .now()) == .success
    }
}

extension Pipe {
    func read(count: Int, completion: @escaping (Data) -> Void) {
        queue.async {
            guard self.buffer.count >= count else {
                self.arrived = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    _ = self.arrived?.wait(timeout: .now() + 1)
                    self.read(count: count, completion: completion)
                }
                return
            }
            completion(self.buffer.prefix(count))
        }
    }

    func arm() {
        ready = DispatchSemaphore(value: 0)
    }
}

extension Pipe {
    func receive(_ data: Data) {
        queue.async {
            self.buffer.append(data)
            self.arrived?.signal()
            self.arrived = nil
            self.ready?.signal()
        }
    }
}
