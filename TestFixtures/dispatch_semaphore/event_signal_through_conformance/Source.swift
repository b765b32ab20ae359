import Foundation

protocol Feeding: AnyObject {
    func feed(_ n: Int)
}

// The event signal with a protocol in between: the extension that signals it is the type's
// conformance, and the one that creates it does so in one branch of an `#if`.
final class Sink {
    let queue = DispatchQueue(label: "sink")
    var items: [Int] = []
    var wake: DispatchSemaphore? // expect: dispatch_semaphore
}

extension Sink {
    func arm() {
        #if DEBUG
        self.wake = DispatchSemaphore(value: 0)
        #else
        self.wake = DispatchSemaphore(value: 0)
        #endif
        DispatchQueue.global(qos: .utility).async {
            if self.wake?.wait(timeout: .now() + 2) == .timedOut { self.arm() }
        }
    }
}

extension Sink: Feeding {
    func feed(_ n: Int) {
        queue.async {
            self.items.append(n)
            self.wake?.signal()
        }
    }
}
