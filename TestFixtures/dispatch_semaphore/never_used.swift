import Foundation

// A private stored semaphore nothing waits on or signals: the message says only that.
final class Uploader {
    private let leftover = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    func upload() {}
}

struct Settings {
    fileprivate var spare: DispatchSemaphore // expect: dispatch_semaphore
    init() {
        spare = DispatchSemaphore(value: 1)
    }
}

// The outer type's semaphore is unused; the nested type's property of the same name is its own
// (used, and reported with the usual message).
final class Sampler {
    private var beat = DispatchSemaphore(value: 0) // expect: dispatch_semaphore

    final class Probe {
        private var beat = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        func probe() {
            DispatchQueue.global().async { self.beat.signal() }
            beat.wait()
        }
    }
}

// Near misses, with the usual message: not private (another file may use it), passed along.
final class Exposed {
    let unusedHere = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
}

final class Handing {
    private let token = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    func give(_ to: (DispatchSemaphore) -> Void) { to(token) } // expect: dispatch_semaphore
}
