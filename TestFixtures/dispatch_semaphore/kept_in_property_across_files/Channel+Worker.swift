import Dispatch

// The local is kept in the class's property: it is judged as the stored semaphore it becomes (an
// event signal waited on by a worker loop), one finding for this file.
extension Channel {
    func open() {
        let signal = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        self.ready = signal
    }

    func run() {
        while running {
            ready?.wait()
            step()
        }
    }
}
