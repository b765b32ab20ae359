import Foundation

// A factory whose caller waits for one block to end: not a throttle, the usual message.
func oneShot() -> DispatchSemaphore {
    let made = DispatchSemaphore(value: 2) // expect: dispatch_semaphore
    return made
}

func runOnce(on queue: DispatchQueue) {
    let done = oneShot()
    queue.async { done.signal() }
    done.wait()
}
