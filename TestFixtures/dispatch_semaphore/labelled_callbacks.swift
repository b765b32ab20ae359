import Foundation

// A callback passed after an argument labelled with a keyword (`for:`, `if:`, `while:`) is a
// closure that runs later, like any other: a count of one lets the wait through at once.
struct Access {
    func request() -> Bool {
        var sema: DispatchSemaphore? = nil // expect: dispatch_semaphore
        var granted = false
        sema = .init(value: 1)
        Device.requestAccess(for: .video, completionHandler: { ok in
            granted = ok
            sema?.signal()
        })
        sema?.wait()
        return granted
    }

    func check(flag: Bool) -> Bool {
        let done = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
        var answer = false
        ask(if: flag) { yes in
            answer = yes
            done.signal()
        }
        done.wait()
        return answer
    }

    func poll() {
        let done = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
        Poller.shared.repeatCall(while: true, then: { done.signal() })
        done.wait()
    }

    func ask(if flag: Bool, _ reply: @escaping (Bool) -> Void) {}
}
