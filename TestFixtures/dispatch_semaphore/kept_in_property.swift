import Dispatch

// A semaphore created in a local and then kept in a property is the property's semaphore: one
// finding, judged as a stored semaphore, with the value it was created with.
final class Connection {
    private var gate: DispatchSemaphore? // expect: dispatch_semaphore
    private var wake: DispatchSemaphore // expect: dispatch_semaphore

    init() {
        let s = DispatchSemaphore(value: 0)
        self.wake = s
    }

    func open() {
        let g = DispatchSemaphore(value: 1)
        gate = g
    }

    func send() {
        gate?.wait()
        defer { gate?.signal() }
    }
}

// The property is declared after the function that fills it: reported at the creation.
final class Reader {
    func start() {
        let ready = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        readySignal = ready
    }

    private var readySignal: DispatchSemaphore?
}

// A local that is only read into another local stays a local.
func handOff() {
    let done = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    let alias = done
    alias.wait()
}
