import Foundation

// A counting semaphore that bounds how many blocks sent to a queue run at once, in synchronous
// code: still reported, with a message that names the throttle and no talk of async code.
func resizeAll(_ images: [String]) {
    let workers = DispatchQueue(label: "resize", attributes: .concurrent)
    let slots = DispatchSemaphore(value: 4) // expect: dispatch_semaphore
    for image in images {
        slots.wait()
        workers.async {
            print(image)
            slots.signal()
        }
    }
    workers.sync(flags: .barrier) {}
}

final class Crawler {
    private let fetchQueue = DispatchQueue(label: "fetch", attributes: .concurrent)
    var pending: [URL] = []

    func crawl(maxParallel: Int) {
        let window = DispatchSemaphore(value: maxParallel) // expect: dispatch_semaphore
        while let next = pending.popLast() {
            _ = window.wait(timeout: .distantFuture)
            fetchQueue.async {
                defer { window.signal() }
                _ = try? Data(contentsOf: next)
            }
        }
    }
}

// Near misses, with the usual message: the same loop in async code, a signal made by the loop
// itself (a lock around each step).
func resizeLater(_ images: [String]) async {
    let workers = DispatchQueue(label: "resize.later", attributes: .concurrent)
    let slots = DispatchSemaphore(value: 4) // expect: dispatch_semaphore
    for image in images {
        slots.wait()
        workers.async {
            print(image)
            slots.signal()
        }
    }
}

func countAll(_ items: [Int]) -> Int {
    let turn = DispatchSemaphore(value: 2) // expect: dispatch_semaphore
    var total = 0
    for item in items {
        turn.wait()
        total += item
        turn.signal()
    }
    return total
}

// A wait made once in a block sent to a queue, before one more block: no loop, the usual message.
func handOnce(on queue: DispatchQueue) {
    queue.async {
        // Waited on only in the queue's block, which nothing shows to be the main queue or async code: not reported.
        let slot = DispatchSemaphore(value: 2)
        slot.wait()
        queue.async { slot.signal() }
    }
}
