import Foundation

// A startup handshake: the function starts work whose first act is to publish its state and
// signal, waits for that signal as its last step, and returns; callers use the state right away.
// Not reported: the wait lasts only until the work has set up what it publishes, which is what it is for.
final class EventLoopThread: Thread {
    private let published = DispatchSemaphore(value: 0)
    private(set) var loop: RunLoop?

    override func start() {
        super.start()
        published.wait()
    }

    override func main() {
        loop = RunLoop.current
        published.signal()
        while !isCancelled {
            _ = loop?.run(mode: .default, before: .distantFuture)
        }
    }
}

final class TimerHost {
    private var hostLoop: CFRunLoop?

    func launch() {
        // A bounded wait in synchronous code: it ends on its own, no thread shown to be needed blocks. Not reported.
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            self.hostLoop = CFRunLoopGetCurrent()
            ready.signal()
            CFRunLoopRun()
        }
        _ = ready.wait(timeout: .now() + 5)
    }
}

final class ServiceWorker {
    private let serviceQueue = DispatchQueue(label: "service")
    private let up = DispatchSemaphore(value: 0)
    private var port: Int?
    private var serving = true

    func boot() -> Int? {
        serviceQueue.async {
            self.port = 8080
            self.up.signal()
            repeat { self.serveOne() } while self.serving
        }
        up.wait()
        return port
    }

    private func serveOne() {}
}

// Near misses, with the usual message: the work signals when it ends (after its loop), the
// signal sits inside the loop, the function goes on after the wait.
final class NotHandshakes {
    private let finished = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    private let tick = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    private let begun = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    private var items: [Int] = []

    func drain() {
        Thread.detachNewThread {
            while !self.items.isEmpty { self.items.removeLast() }
            self.finished.signal()
        }
        finished.wait()
    }

    func pulse() {
        Thread.detachNewThread {
            while true { self.tick.signal(); Thread.sleep(forTimeInterval: 1) }
        }
        tick.wait()
    }

    func begin() {
        Thread.detachNewThread {
            self.begun.signal()
            while true { Thread.sleep(forTimeInterval: 1) }
        }
        begun.wait()
        items.append(1)
    }
}
