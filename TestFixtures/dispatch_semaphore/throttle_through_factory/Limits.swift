import Foundation

// The semaphore is made by a factory and used as a throttle by every caller in this file.
var parallelism = 3

func limiter() -> DispatchSemaphore? {
    var made: DispatchSemaphore? // expect: dispatch_semaphore
    if parallelism > 1 {
        made = DispatchSemaphore(value: parallelism)
    }
    return made
}

func visit(_ names: [String], on queue: DispatchQueue, _ body: @escaping (String) -> Void) {
    let limit = limiter()
    for name in names {
        limit?.wait()
        queue.async {
            body(name)
            limit?.signal()
        }
    }
}

func visitEach(_ groups: [[String]], on queue: DispatchQueue, _ body: @escaping (String) -> Void) {
    let limit = limiter()
    groups.forEach { group in
        _ = limit?.wait(timeout: .distantFuture)
        queue.async {
            group.forEach(body)
            limit?.signal()
        }
    }
}
