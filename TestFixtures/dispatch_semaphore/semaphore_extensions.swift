import Foundation
import Dispatch

// An extension of the type declares members of it; it is no use of a semaphore.
public extension DispatchSemaphore {
    func run(_ work: () -> Void) {
        wait()
        work()
        signal()
    }
}

extension Dispatch.DispatchSemaphore {
    var passesNow: Bool { wait(timeout: .now()) == .success }
}

// A member of an extension that returns a new semaphore names the type as a use: reported.
extension DispatchQueue {
    static func gate() -> DispatchSemaphore { DispatchSemaphore(value: 1) } // expect: dispatch_semaphore
}
