import NIOCore

// Another spelling, another file: a future returned by a call, chained with `always` and
// `flatMapThrowing`, and a protocol between the class and its loop.
protocol LoopBound {
    var loop: EventLoop { get }
}

final class Session: LoopBound, @unchecked Sendable {
    let loop: EventLoop
    private var attempts = 0
    private var lastError: Error?

    init(loop: EventLoop) { self.loop = loop }

    func connect(_ dial: () -> EventLoopFuture<Int>) -> EventLoopFuture<Int> {
        dial().flatMapThrowing { value in
            self.attempts += 1
            return value
        }.always { result in
            if case .failure(let e) = result { self.lastError = e }
        }
    }

    func reset() {
        loop.execute {
            self.attempts = 0
            self.lastError = nil
        }
    }

    // Fires: read from any thread, with nothing to say it is on the loop.
    var failed: Bool {
        lastError != nil // expect: unchecked_sendable_unguarded
    }

    // Fires: a plain closure method of another type is no future callback.
    func retry(_ work: [Int]) {
        work.forEach { _ in attempts += 1 } // expect: unchecked_sendable_unguarded
    }
}
