import Foundation

// A function whose return type names the semaphore it creates and returns: one finding, where it
// is created.
func makeGate() -> DispatchSemaphore {
    let gate = DispatchSemaphore(value: 2) // expect: dispatch_semaphore
    return gate
}

func optionalGate(_ wanted: Bool) -> DispatchSemaphore? {
    var made: DispatchSemaphore? // expect: dispatch_semaphore
    if wanted {
        made = DispatchSemaphore(value: 3)
    }
    return made
}

enum Gates {
    static func fresh() -> DispatchSemaphore {
        return DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    }
}

// Near misses: a function returning a stored semaphore, or the one it was given, still names
// the type in its own right.
final class Holder {
    private let kept = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    func current() -> DispatchSemaphore { kept } // expect: dispatch_semaphore
    func same(_ given: DispatchSemaphore) -> DispatchSemaphore { given } // expect: dispatch_semaphore
}
