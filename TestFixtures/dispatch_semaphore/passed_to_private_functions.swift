import Foundation

// A semaphore the file creates and hands to a private function of its own: the parameter is the
// same semaphore, reported once where it is created. A parameter that also receives a semaphore
// from elsewhere, or of a function other files can call, is reported on its own.
final class Pump {
    private let wake = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    private var running = true

    func start() {
        let wake = wake
        let thread = Thread {
            Self.loop(wake: wake)
        }
        thread.start()
    }

    func poke() { wake.signal() }

    // Labelled parameter, reached through a local copy of the property: not reported.
    private static func loop(wake: DispatchSemaphore) {
        while true {
            wake.wait()
        }
    }
}

final class Batch {
    func runAll(_ jobs: [() -> Void]) {
        let done = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        for job in jobs {
            DispatchQueue.global().async {
                job()
                done.signal()
            }
        }
        drain(done, count: jobs.count)
        finish(self.gate)
    }

    let gate = DispatchSemaphore(value: 0) // expect: dispatch_semaphore

    // Unlabelled parameter, passed a local and nothing else: not reported.
    fileprivate func drain(_ semaphore: DispatchSemaphore, count: Int) {
        for _ in 0..<count { semaphore.wait() }
    }

    // Passed `self.gate` here, and a semaphore made elsewhere below: reported.
    private func finish(_ semaphore: DispatchSemaphore) { // expect: dispatch_semaphore
        semaphore.wait()
    }

    // `sharedSemaphore()` is declared in another file.
    func finishLater() {
        finish(sharedSemaphore())
    }

    // Internal: other files may pass their own semaphores. Reported.
    func settle(_ semaphore: DispatchSemaphore) { // expect: dispatch_semaphore
        semaphore.wait()
    }

    func settleOwn() {
        settle(gate)
        hold(until: self.gate)
    }
}

extension Batch {
    // In an extension, passed `self.gate` only: not reported.
    private func hold(until semaphore: DispatchSemaphore) {
        _ = semaphore.wait(timeout: .now() + 1)
    }
}
