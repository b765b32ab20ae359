import Dispatch
import Foundation

func fetchSync() -> Data? {
    let done = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    var result: Data?
    load { data in
        result = data
        done.signal()
    }
    done.wait()
    return result
}

final class Throttle {
    private let gate: DispatchSemaphore = DispatchSemaphore(value: 4) // expect: dispatch_semaphore
    private let mutex = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    private let dynamic: DispatchSemaphore // expect: dispatch_semaphore

    init(limit: Int) {
        // The same semaphore as the declaration above: reported once, there.
        dynamic = DispatchSemaphore(value: limit)
    }

    func run(
        with semaphore: DispatchSemaphore // expect: dispatch_semaphore
    ) {
        semaphore.wait()
    }
}

// An extension declares members of the type; it is no use of a semaphore.
extension DispatchSemaphore {
    func waitBriefly() -> Bool { wait(timeout: .now() + 1) == .success }
}

// Mentions that are not code stay quiet:
// let s = DispatchSemaphore(value: 0)
/* DispatchSemaphore /* nested DispatchSemaphore */ DispatchSemaphore */
let message = "DispatchSemaphore is banned"
let raw = #"DispatchSemaphore(value: 0) \#("DispatchSemaphore")"#
let multi = """
    DispatchSemaphore(value: 1)
    \(["DispatchSemaphore"].joined())
    """
let pattern = /DispatchSemaphore/
let group = DispatchGroup()
let asyncSemaphore = AsyncSemaphore(value: 1)
let qualified = Dispatch.DispatchSemaphore(value: 2) // expect: dispatch_semaphore

#if canImport(Darwin)
let darwinOnly = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
#else
let otherwise = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
#endif

func generic<T>(_ value: T) -> T where T: AnyObject {
    let s = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    s.signal()
    return value
}

// One semaphore declared in each branch of an #if is one finding.
final class Platformed {
    #if os(Linux)
    private let signal = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    #else
    private let signal = DispatchSemaphore(value: 0)
    #endif
}

// A local declared first and created later is one semaphore, reported once.
func fetchOnce() {
    var done: DispatchSemaphore? // expect: dispatch_semaphore
    done = DispatchSemaphore(value: 0)
    done?.wait()
}
