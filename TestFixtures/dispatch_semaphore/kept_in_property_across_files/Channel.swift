import Dispatch

// The property is declared here without a value; the semaphore that fills it is created in an
// extension in another file. Reported here, where nothing shows what it is for.
final class Channel {
    var ready: DispatchSemaphore? // expect: dispatch_semaphore
    var running = true

    func step() {}
}
