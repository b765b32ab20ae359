import Foundation

// A watchdog: a bounded wait, on the type's own queue or thread, for a signal that comes from
// elsewhere (a run-loop observer, a notification). It ends on its own and blocks no thread the
// code shows to be needed: not reported. The same wait in async code or on the main thread is.

// Shape 1: a local created in an observer's callback, kept in a state struct's property, and
// handed to a private helper that waits on the type's own queue.
final class LoopWatch {
    struct State {
        fileprivate var pending: DispatchSemaphore?
    }
    private let queue = DispatchQueue(label: "loop-watch")
    private var state = State()

    func install(observe: (@escaping (Bool) -> Void) -> Void) {
        observe { [weak self] sleeping in
            guard let self else { return }
            if sleeping {
                self.state.pending?.signal()
            } else {
                let fresh = DispatchSemaphore(value: 0)
                self.state.pending = fresh
                self.queue.async { self.measure(fresh) }
            }
        }
    }

    private func measure(_ gate: DispatchSemaphore) {
        var done = false
        while !done {
            if gate.wait(timeout: .now() + 0.25) == .success { done = true } else { report() }
        }
    }

    func report() {}
}

// The same helper, also reached from async code: the wait blocks a cooperative thread.
final class LoopWatchFromTask {
    func check() async {
        let fresh = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        NotificationCenter.default.addObserver(forName: .init("tick"), object: nil, queue: nil) { _ in fresh.signal() }
        time(fresh)
    }

    private func time(_ gate: DispatchSemaphore) {
        _ = gate.wait(timeout: .now() + 1)
    }
}

// Shape 2: a stored semaphore waited on, bounded, by a thread of the type's own; a notification
// signals it.
final class HeartbeatMonitor {
    private let beat = DispatchSemaphore(value: 0)
    private var running = true

    func start() {
        NotificationCenter.default.addObserver(forName: .init("beat"), object: nil, queue: nil) { [beat] _ in beat.signal() }
        Thread { [self] in
            while running {
                if beat.wait(timeout: .now() + 2) == .timedOut { missed() }
            }
        }.start()
    }

    func missed() {}
}

// The same bounded wait made by main-actor code: it blocks the main thread.
@MainActor
final class HeartbeatOnMain {
    private let beat = DispatchSemaphore(value: 0) // expect: dispatch_semaphore

    func start() {
        NotificationCenter.default.addObserver(forName: .init("beat"), object: nil, queue: nil) { [beat] _ in beat.signal() }
    }

    func check() -> Bool {
        beat.wait(timeout: .now() + 2) == .success
    }
}

// Shape 3: the bounded wait in a private helper that only a global queue's block calls.
final class StallProbe {
    private var ack: DispatchSemaphore?

    func probe(ping: @escaping (@escaping () -> Void) -> Void) {
        let reply = DispatchSemaphore(value: 0)
        ack = reply
        ping { reply.signal() }
        DispatchQueue.global(qos: .utility).async { self.await(reply) }
    }

    private func await(_ reply: DispatchSemaphore) {
        if reply.wait(wallTimeout: .now() + 3) == .timedOut { stalled() }
    }

    func cancel() { ack?.signal() }

    func stalled() {}
}

// The same wait in a block sent to the main queue: reported.
final class StallProbeOnMain {
    func probe(ping: @escaping (@escaping () -> Void) -> Void) {
        let reply = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        ping { reply.signal() }
        DispatchQueue.main.async {
            _ = reply.wait(timeout: .now() + 3)
        }
    }
}
