import Dispatch

// One benchmark's file: a start barrier between measured threads is what it measures, as in a test.
func measureWakeups(iterations: Int) {
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        ready.signal()
        go.wait()
    }
    ready.wait()
    for _ in 0..<iterations { go.signal() }
}
