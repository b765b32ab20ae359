import Foundation

// A semaphore declared optional and created later by an assignment (another method, an
// extension, `.init` spelling): its value is the one assigned, so it is judged as what it is.
final class Session {
    private var suspended: DispatchSemaphore? = nil // expect: dispatch_semaphore
    private var paused: Dispatch.DispatchSemaphore? = nil // expect: dispatch_semaphore

    func suspend() {
        suspended = DispatchSemaphore(value: 0)
        suspended?.wait()
    }

    func stateChanged() {
        suspended?.signal()
        paused?.signal()
    }
}

extension Session {
    func pause() {
        paused = .init(value: 0)
        paused?.wait()
    }
}

// A local declared optional and created later: created with 1, signalled only by a callback,
// so the wait returns at once.
func askSync(_ ask: (@escaping (Bool) -> Void) -> Void) -> Bool {
    var sema: DispatchSemaphore? = nil // expect: dispatch_semaphore
    var answer = false
    sema = .init(value: 1)
    ask { yes in
        answer = yes
        sema?.signal()
    }
    sema?.wait()
    return answer
}
